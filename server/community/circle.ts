import { z } from "zod";
import { circle } from "#gateway/api/index.ts";
import type { CirclePostDetail, FollowUp, MyReply } from "#gateway/api/circle.ts";
import { pageOfCallersVideos, pageOfVideos, requireVideo } from "#server/content/video.ts";
import { ApiError, defineHandler, idInput, intInput, isoDate, paged, pageInput, sortInput } from "#server/http/registry.ts";
import { commentText } from "#server/news/index.ts";
import { addToReward } from "#server/wallet/circle-coins.ts";
import { requestIdField } from "#server/wallet/idempotency.ts";
import { excerptOf, pageOfCirclePosts, picturesOf, requireCirclePost, toCirclePost } from "./circle-posts.ts";
import { commentThread } from "./comment-threads.ts";
import { addComment, commentWords } from "./comments.ts";
import { pageOfPosts } from "./headlines.ts";
import { clock } from "#server/clock.ts";

// The post circle (issue 20): the feed, a post, its replies, follow-ups and rewards, the requests board, and a
// member's own lists. Posting is `/api/find/create` (requests.ts).

const id = idInput;
const postId = z.object({ id: id("帖子 id") });

const ORDER: Record<string, string> = {
  new: "i.created_at DESC, i.id DESC",
  hot: "(i.comment_count * 3 + i.like_count * 2 + i.view_count / 20 + i.coins) DESC, i.id DESC",
  essence: "i.created_at DESC, i.id DESC",
};

export const list = defineHandler(circle.list, {
  auth: "guest",
  input: z.object({ sort: sortInput, topic_id: id("话题 id").optional(), category_id: id("分类 id").optional(), ...pageInput.shape }),
  async handle({ input, db, origin, settings, caller }) {
    const where =
      [input.sort === "essence" ? "i.essence = 1" : "", input.topic_id ? "i.series_id = @topic" : "", input.category_id ? "i.category_id = @category" : ""].filter(Boolean).join(" AND ") || "1 = 1";
    const params = { topic: input.topic_id ?? 0, category: input.category_id ?? 0 };
    return {
      data: await pageOfCirclePosts(db, origin, { secret: settings.mediaUrlSecret, uid: caller.user.id }, { where, order: ORDER[input.sort ?? ""] ?? ORDER.new!, params, page: input.page, limit: input.limit }),
    };
  },
});

export const detail = defineHandler(circle.detail, {
  auth: "guest",
  input: postId,
  async handle({ input, db, origin, settings, caller }) {
    const row = await requireCirclePost(db, input.id, caller.user.id);
    await db.run("UPDATE items SET view_count = view_count + 1 WHERE id = ?", [input.id]);
    const pictures = await picturesOf(db, origin, [row.id]);
    const appends = await db.all<{ id: number; content: string; created_at: number }>("SELECT id, content, created_at FROM find_appends WHERE item_id = ? ORDER BY id", [row.id]);
    const data: CirclePostDetail = {
      ...toCirclePost(origin, { ...row, view_count: row.view_count + 1 }, pictures.get(row.id) ?? [], { secret: settings.mediaUrlSecret, uid: caller.user.id }),
      content: row.description,
      appends: appends.map((a) => ({ ...a, created_at: isoDate(a.created_at) })),
      is_mine: row.creator_id === caller.user.id && caller.isMember ? 1 : 0,
      viewer: { coins: caller.user.coins, is_member: caller.isMember ? 1 : 0 },
    };
    return { data };
  },
});

export const topics = defineHandler(circle.topics, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 30_000,
  async handle({ db }) {
    const rows = await db.all<{ id: number; title: string; post_count: number }>(
      "SELECT s.id, s.title, (SELECT COUNT(*) FROM items i WHERE i.series_id = s.id AND i.kind = 'post' AND i.hidden = 0) AS post_count FROM series s WHERE s.kind = 'post' ORDER BY s.id",
    );
    return { data: rows.map((r) => ({ ...r, post_count: Number(r.post_count) })).sort((a, b) => b.post_count - a.post_count) };
  },
});

export const headlines = defineHandler(circle.headlines, {
  auth: "guest",
  input: pageInput,
  handle: async ({ input, db, origin, caller }) => ({ data: await pageOfPosts(db, origin, caller.user.id, null, input.page, input.limit) }),
});

/** A call answering a page of posts, newest first, that `where` picks. */
const newestPosts = (endpoint: typeof circle.wantLook, auth: "guest" | "member", where: string) =>
  defineHandler(endpoint, {
    auth,
    input: pageInput,
    handle: async ({ input, db, origin, settings, caller }) => ({
      data: await pageOfCirclePosts(db, origin, { secret: settings.mediaUrlSecret, uid: caller.user.id }, { where, order: "i.created_at DESC, i.id DESC", page: input.page, limit: input.limit }),
    }),
  });

export const wantLook = newestPosts(circle.wantLook, "guest", "i.is_request = 1");

export const rank = defineHandler(circle.rank, {
  auth: "guest",
  input: pageInput,
  async handle({ input, db, origin, settings, caller }) {
    const page = await pageOfCirclePosts(db, origin, { secret: settings.mediaUrlSecret, uid: caller.user.id }, { where: "i.is_request = 1 AND i.hidden = 0", order: "i.coins DESC, i.comment_count DESC, i.id", page: input.page, limit: input.limit });
    return { data: { ...page, list: page.list.map((p, i) => ({ ...p, rank: (input.page - 1) * input.limit + i + 1 })) } };
  },
});

const thread = commentThread({ list: circle.replies, replies: circle.replyReplies, like: circle.praiseReply }, { item: "帖子 id", comment: "回复 id" }, requireCirclePost);

export const reply = defineHandler(circle.reply, {
  auth: "member",
  input: postId.extend({ content: commentText(circle.MAX_REPLY), reply_to: id("回复 id").optional(), video_id: id("视频 id").optional() }),
  async handle({ input, db, origin, caller }) {
    const post = await requireCirclePost(db, input.id, caller.user.id);
    if (input.video_id) {
      if (!post.is_request) throw new ApiError(400, "只有求片帖可以推荐视频");
      await requireVideo(db, input.video_id, caller.user.id);
      await db.run("INSERT INTO find_videos (item_id, video_id, user_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", [input.id, input.video_id, caller.user.id, clock.now()]);
    }
    return { msg: "回复成功", data: await addComment(db, origin, caller.user.id, input.id, input.content, input.reply_to) };
  },
});

export const mvList = defineHandler(circle.mvList, {
  auth: "guest",
  input: postId.extend(pageInput.shape),
  async handle({ input, db, origin, caller }) {
    await requireCirclePost(db, input.id, caller.user.id);
    return {
      data: await pageOfVideos(db, {
        from: "JOIN find_videos fv ON fv.video_id = i.id AND fv.item_id = @post",
        where: "1 = 1",
        params: { post: input.id },
        order: "fv.created_at DESC, i.id DESC",
        page: input.page,
        limit: input.limit,
        origin,
        user: caller.user,
      }),
    };
  },
});

export const appendDetail = defineHandler(circle.appendDetail, {
  auth: "member",
  input: postId.extend({
    content: z.string({ error: "请输入补充内容" }).trim().min(1, "请输入补充内容").max(circle.MAX_FOLLOW_UP, `补充内容最多 ${circle.MAX_FOLLOW_UP} 字`),
  }),
  async handle({ input, db, caller }) {
    const post = await requireCirclePost(db, input.id, caller.user.id);
    if (post.creator_id !== caller.user.id) throw new ApiError(403, "只有作者可以补充帖子");
    const now = clock.now();
    const followUp: FollowUp = { id: await db.insert("INSERT INTO find_appends (item_id, content, created_at) VALUES (?, ?, ?)", [input.id, input.content, now]), content: input.content, created_at: isoDate(now) };
    return { msg: "补充成功", data: followUp };
  },
});

export const appendCoins = defineHandler(circle.appendCoins, {
  auth: "member",
  input: postId.extend({ coins: intInput(`追加金币应为 1–${circle.MAX_REWARD} 的整数`, { max: circle.MAX_REWARD }), request_id: requestIdField }),
  async handle({ input, db, caller }) {
    await requireCirclePost(db, input.id, caller.user.id);
    const r = await addToReward(db, caller.user.id, input.id, input.coins, input.request_id && `append-${input.request_id}`);
    return { msg: r.added ? `已追加 ${input.coins} 金币悬赏，当前悬赏 ${r.reward} 金币` : `已追加过，当前悬赏 ${r.reward} 金币`, data: { reward: r.reward, coins: r.coins } };
  },
});

export const myFindList = newestPosts(circle.myFindList, "member", "i.creator_id = @uid");

export const myLook = defineHandler(circle.myLook, {
  auth: "member",
  input: pageInput,
  handle: async (ctx) => ({ data: await pageOfCallersVideos(ctx, "JOIN find_requests mr ON mr.item_id = i.id AND mr.user_id = @uid", "mr.created_at DESC, i.id DESC") }),
});

export const myReply = defineHandler(circle.myReply, {
  auth: "member",
  input: pageInput,
  async handle({ input, db, caller }) {
    const where = "c.user_id = ? AND i.kind = 'post'";
    const total = (await db.value<number>(`SELECT COUNT(*) FROM comments c JOIN items i ON i.id = c.item_id WHERE ${where}`, [caller.user.id]))!;
    const rows = await db.all<{ id: number; content: string; hidden: number; user_id: number; created_at: number; post_id: number; post_text: string }>(
      `SELECT c.id, c.content, c.hidden, c.user_id, c.created_at, i.id AS post_id, i.description AS post_text FROM comments c JOIN items i ON i.id = c.item_id
       WHERE ${where} ORDER BY c.id DESC LIMIT ? OFFSET ?`,
      [caller.user.id, input.limit, (input.page - 1) * input.limit],
    );
    const list: MyReply[] = rows.map((r) => ({ id: r.id, content: commentWords(r, caller.user.id), created_at: isoDate(r.created_at), post: { id: r.post_id, excerpt: excerptOf(r.post_text, 40) } }));
    return { data: paged(list, input.page, input.limit, Number(total)) };
  },
});

export const circleHandlers = [list, detail, topics, headlines, wantLook, rank, ...thread, reply, mvList, appendDetail, appendCoins, myFindList, myLook, myReply];
