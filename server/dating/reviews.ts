import { z } from "zod";
import { dating } from "#gateway/api/index.ts";
import type { DatingReview } from "#gateway/api/dating.ts";
import { personShown, PROFILE_MASKED } from "#server/community/profiles-shown.ts";
import { hiddenWords, HIDDEN_BY_REPORTS, removedWords, REMOVED } from "#server/community/report-review.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, intInput, isoDate, paged, pageInput } from "#server/http/registry.ts";
import { clock } from "#server/clock.ts";

const { REVIEW_LENGTH, MAX_REVIEW_IMAGES } = dating;

/** An image address the upload answered (§6): its stored path, or that path behind the image domain. */
export const uploadedImages = (max: number) =>
  z
    .array(
      z
        .string({ error: "图片地址无效" })
        .max(500, "图片地址无效")
        .regex(/^(?:https?:\/\/[^/\s"'<>]+)?\/uploads\/images\/[\w/.-]+$/, "图片应为上传后的地址")
        .transform((src) => src.replace(/^https?:\/\/[^/]+/, "")),
      { error: "images 应为图片地址列表" },
    )
    .max(max, `最多 ${max} 张图片`)
    .optional()
    .default([]);

/** Stored image paths as addresses of this origin. */
export const imageAddresses = (origin: string, json: string) => (JSON.parse(json) as string[]).map((src) => `${origin}${src}`);

interface ReviewRow {
  id: number;
  rating: number;
  content: string;
  images: string;
  created_at: number;
  uid: number;
  nickname: string;
  username: string;
  avatar_url: string;
  hidden: number;
  profile_masked: number;
}

const REVIEW_SELECT = `SELECT r.id, r.rating, r.content, r.images, r.created_at, r.hidden, u.id AS uid, u.nickname, u.username, u.avatar_url,
    ${PROFILE_MASKED} AS profile_masked
  FROM dating_reviews r JOIN users u ON u.id = r.user_id`;

/** A review as `viewer` sees it: one hidden by reports (decision 069) keeps its place, its words and photos only for its author. */
function toReview(origin: string, viewer: number, r: ReviewRow): DatingReview {
  const hidden = Number(r.hidden);
  const masked = hidden === REMOVED || (hidden === HIDDEN_BY_REPORTS && Number(r.uid) !== viewer);
  return {
    id: r.id,
    rating: r.rating,
    content: hidden === REMOVED ? removedWords("review") : masked ? hiddenWords("review") : r.content,
    images: masked ? [] : imageAddresses(origin, r.images),
    user: personShown(origin, { id: r.uid, nickname: r.nickname, username: r.username, avatar_url: r.avatar_url, profile_masked: r.profile_masked }),
    created_at: isoDate(r.created_at),
    hidden,
  };
}

async function requireVisible(db: DB, itemId: number): Promise<void> {
  if (!(await db.get("SELECT 1 FROM dating_listings WHERE item_id = ? AND hidden = 0", [itemId]))) throw new ApiError(404, "该信息不存在或正在审核");
}

export const listComment = defineHandler(dating.listComment, {
  auth: "guest",
  input: pageInput.extend({ id: idInput("信息 id") }),
  async handle({ input, db, origin, caller }) {
    await requireVisible(db, input.id);
    const total = (await db.value("SELECT COUNT(*) FROM dating_reviews WHERE item_id = ?", [input.id]))!;
    const rows = await db.all<ReviewRow>(`${REVIEW_SELECT} WHERE r.item_id = @item ORDER BY r.id DESC LIMIT @limit OFFSET @offset`, {
      uid: caller.user.id,
      item: input.id,
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
    });
    return { data: paged(rows.map((r) => toReview(origin, caller.user.id, r)), input.page, input.limit, total) };
  },
});

export const createComment = defineHandler(dating.createComment, {
  auth: "member",
  input: z.object({
    id: idInput("信息 id"),
    rating: intInput("请选择评分（1–5 星）", { min: 1, max: 5 }),
    content: z
      .string({ error: "请填写评价内容" })
      .trim()
      .min(REVIEW_LENGTH.min, `评价内容至少 ${REVIEW_LENGTH.min} 个字`)
      .max(REVIEW_LENGTH.max, `评价内容最多 ${REVIEW_LENGTH.max} 个字`),
    images: uploadedImages(MAX_REVIEW_IMAGES),
  }),
  async handle({ input, db, origin, caller }) {
    await requireVisible(db, input.id);
    // Only who met: a member who unlocked the listing's contact details.
    if (!(await db.get("SELECT 1 FROM purchases WHERE user_id = ? AND item_id = ? AND unit_id = 0", [caller.user.id, input.id]))) {
      throw new ApiError(403, "解锁联系方式后才能发表体验评价");
    }
    const reviewId = await db.transaction(async (db) => {
      const now = clock.now();
      const reviewId = await db.insert("INSERT INTO dating_reviews (item_id, user_id, rating, content, images, created_at) VALUES (?, ?, ?, ?, ?, ?)", [
        input.id,
        caller.user.id,
        input.rating,
        input.content,
        JSON.stringify(input.images),
        now,
      ]);
      await db.run("UPDATE items SET comment_count = comment_count + 1 WHERE id = ?", [input.id]);
      return reviewId;
    });
    const row = (await db.get<ReviewRow>(`${REVIEW_SELECT} WHERE r.id = @id`, { id: reviewId, uid: caller.user.id }))!;
    return { msg: "评价已发布", data: toReview(origin, caller.user.id, row) };
  },
});

export const reviewHandlers = [listComment, createComment];
