import { z } from "zod";
import { circle, video } from "#gateway/api/index.ts";
import { requireVideo } from "#server/content/video.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, intInput, type Caller } from "#server/http/registry.ts";
import { uploadedImage } from "#server/system/feedback.ts";
import { addToReward } from "#server/wallet/circle-coins.ts";
import { startOfChinaDay } from "#server/wallet/purchases.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { clock } from "#server/clock.ts";

// Want-this-video requests ("求片") for a video of the catalogue, and posts to the circle (issue 20): the same
// two calls, told apart by `id` (a video).

const id = idInput;

async function findState(db: DB, uid: number, itemId: number) {
  const count = await db.value("SELECT COUNT(*) FROM find_requests WHERE item_id = ?", [itemId]) as number;
  const requested = (await db.get("SELECT 1 FROM find_requests WHERE item_id = ? AND user_id = ?", [itemId, uid])) ? 1 : 0;
  return { requested, count: Number(count) };
}

/** Whether the caller may post to the circle now, and how many posts are left today. */
async function postingState(db: DB, caller: Caller): Promise<{ can_post: number; left: number; reason: string }> {
  if (!caller.isMember) return { can_post: 0, left: 0, reason: "登录后才能发帖" };
  const today = (await db.value<number>("SELECT COUNT(*) FROM items WHERE kind = 'post' AND creator_id = ? AND created_at >= ?", [caller.user.id, startOfChinaDay(clock.now())]))!;
  const left = Math.max(0, circle.POSTS_PER_DAY - Number(today));
  return { can_post: left > 0 ? 1 : 0, left, reason: left > 0 ? "" : `每天最多发 ${circle.POSTS_PER_DAY} 条帖子，明天再来吧` };
}

export const checkFind = defineHandler(video.checkFind, {
  auth: "guest",
  input: z.object({ id: id("视频 id").optional() }),
  async handle({ input, db, caller }) {
    let state = { requested: 0, count: 0 };
    if (input.id) {
      await requireVideo(db, input.id, caller.user.id);
      state = await findState(db, caller.user.id, input.id);
    }
    return { data: { ...state, ...(await postingState(db, caller)) } };
  },
});

const { POST_TEXT, MAX_POST_IMAGES, MAX_REWARD } = circle;
/** A video from the video upload (§6): the stored path it answered, perhaps behind the site's domain. */
const uploadedVideo = z
  .string({ error: "视频地址无效" })
  .trim()
  .max(500, "视频地址无效")
  .regex(/^(?:https?:\/\/[^/\s"'<>]+)?\/uploads\/videos\/[\w/.-]+$/, "视频应为上传后的地址");

export const requestFind = defineHandler(video.requestFind, {
  auth: "member",
  input: z.object({
    id: id("视频 id").optional(),
    content: z.string({ error: "内容应为文字" }).trim().max(Math.max(video.MAX_WANT_TEXT, POST_TEXT.max), `内容最多 ${POST_TEXT.max} 字`).optional().default(""),
    images: z.array(uploadedImage, { error: "images 应为图片地址列表" }).max(MAX_POST_IMAGES, `最多 ${MAX_POST_IMAGES} 张图片`).optional().default([]),
    video: uploadedVideo.optional(),
    is_request: intInput("is_request 应为 0 或 1", { min: 0, max: 1 }).optional().default(0),
    coins: intInput(`悬赏应为 0–${MAX_REWARD} 金币`, { min: 0, max: MAX_REWARD }).optional().default(0),
    topic_id: id("话题 id").optional(),
    category_id: id("分类 id").optional(),
    request_id: z.string({ error: "request_id 应为文字" }).max(64, "request_id 最长 64 个字符").optional().default(""),
  }),
  async handle({ input, db, caller }) {
    if (input.id) {
      if (input.content.length > video.MAX_WANT_TEXT) throw new ApiError(400, `说明最多 ${video.MAX_WANT_TEXT} 字`);
      await requireVideo(db, input.id, caller.user.id);
      await db.run("INSERT INTO find_requests (user_id, item_id, content, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", [caller.user.id, input.id, input.content, clock.now()]);
      return { msg: "求片成功，我们会尽快处理", data: { ...(await findState(db, caller.user.id, input.id)), post_id: 0 } };
    }
    if (input.content.length < POST_TEXT.min) throw new ApiError(400, `内容至少 ${POST_TEXT.min} 个字`);
    if (input.coins > 0 && !input.is_request) throw new ApiError(400, "只有求片帖可以设置悬赏");
    const postId = await db.transaction(async (db) => {
      await oneAtATime(db, caller.user.id);
      const state = await postingState(db, caller);
      if (!state.can_post) throw new ApiError(400, state.reason);
      if (input.topic_id && !(await db.get("SELECT 1 FROM series WHERE id = ? AND kind = 'post'", [input.topic_id]))) throw new ApiError(404, "话题不存在");
      // The circle's categories are the dark-web section's (its category chips, /post/category).
      if (input.category_id && !(await db.get("SELECT 1 FROM categories WHERE id = ? AND kind = 'video' AND section = 'aw'", [input.category_id]))) throw new ApiError(404, "分类不存在");
      const text = input.content;
      const id = await db.insert(
        `INSERT INTO items (kind, section, title, description, cover_seed, cover_ratio, media, creator_id, series_id, category_id, is_request, created_at)
         VALUES ('post', 'circle', ?, ?, '', '1X1', ?, ?, ?, ?, ?, ?)`,
        [text.length > 30 ? `${text.slice(0, 30)}…` : text, text, input.video?.replace(/^https?:\/\/[^/]+/, "") ?? "", caller.user.id, input.topic_id ?? null, input.category_id ?? null, input.is_request, clock.now()],
      );
      for (const [seq, url] of input.images.entries()) {
        await db.run("INSERT INTO item_images (item_id, seq, seed, ratio, url) VALUES (?, ?, '', '1X1', ?)", [id, seq, url.replace(/^https?:\/\/[^/]+/, "")]);
      }
      if (input.coins > 0) await addToReward(db, caller.user.id, id, input.coins, input.request_id && `create-${input.request_id}`);
      return id;
    });
    return { msg: input.is_request ? "求片已发布" : "发布成功", data: { requested: 0, count: 0, post_id: postId } };
  },
});

export const requestHandlers = [checkFind, requestFind];
