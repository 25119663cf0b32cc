import { z } from "zod";
import { accounts, creators, home } from "#gateway/api/index.ts";
import type { Headline, HeadlineDetail, ImageRef } from "#gateway/api/content-types.ts";
import { coverUrl, encImageUrl } from "#server/content/media.ts";
import { creatorShown, PROFILE_MASKED } from "./profiles-shown.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, isoDate, paged, pageInput } from "#server/http/registry.ts";
import { addComment, listComments, listReplies, toggleCommentLike } from "./comments.ts";
import { creatorPage, requireCreator } from "./creators.ts";
import { toggleItemMark } from "./likes.ts";
import { hideWhenReported } from "./circle-posts.ts";
import { HIDDEN_BY_REPORTS, refusalOf, REMOVED, removedWords, SHOWN, SHOWN_TO_VIEWER } from "./report-review.ts";
import { reportItem, reportText } from "./reports.ts";

const id = idInput;

// Headlines are items of kind `headline`; their comments and likes use the same tables as videos.
interface PostRow {
  id: number;
  title: string;
  description: string;
  hidden: number;
  like_count: number;
  comment_count: number;
  created_at: number;
  creator_id: number;
  nickname: string;
  username: string;
  avatar_url: string;
  profile_masked: number;
  is_like: number;
  is_attention: number;
  quote_id: number | null;
  quote_title: string | null;
  quote_seed: string | null;
  quote_ratio: string | null;
}

// A quoted video hidden by reports or removed (decision 073) is quoted only to its creator.
const QUOTE_SHOWN = `(q.hidden = ${SHOWN} OR (q.hidden = ${HIDDEN_BY_REPORTS} AND q.creator_id = @uid))`;

const POST_SELECT = `
  SELECT i.id, i.title, i.description, i.hidden, i.like_count, i.comment_count, i.created_at, i.creator_id, u.nickname, u.username, u.avatar_url, ${PROFILE_MASKED} AS profile_masked,
    q.id AS quote_id, q.title AS quote_title, q.cover_seed AS quote_seed, q.cover_ratio AS quote_ratio,
    CASE WHEN EXISTS (SELECT 1 FROM likes l WHERE l.user_id = @uid AND l.item_id = i.id) THEN 1 ELSE 0 END AS is_like,
    CASE WHEN EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = @uid AND f.followee_id = i.creator_id) THEN 1 ELSE 0 END AS is_attention
  FROM items i JOIN users u ON u.id = i.creator_id LEFT JOIN items q ON q.id = i.quote_item_id AND ${QUOTE_SHOWN} WHERE i.kind = 'headline'`;

/** The images of each post, in order: one query for a page of posts. */
async function imagesOf(db: DB, origin: string, itemIds: number[]): Promise<Map<number, ImageRef[]>> {
  const rows = await db.all<{ item_id: number; seed: string; ratio: string }>("SELECT item_id, seed, ratio FROM item_images WHERE item_id IN (@ids) ORDER BY item_id, seq", {
    ids: itemIds,
  });
  const images = new Map<number, ImageRef[]>(itemIds.map((id) => [id, []]));
  for (const r of rows) {
    const [w, h] = r.ratio.split("X").map(Number) as [number, number];
    images.get(r.item_id)?.push({ url: encImageUrl(origin, r.seed, 360, Math.round((360 * h) / w)), ratio: r.ratio });
  }
  return images;
}

function toHeadline(origin: string, r: PostRow, images: ImageRef[]): Headline {
  return {
    id: r.id,
    title: r.title,
    excerpt: r.description.length > 60 ? `${r.description.slice(0, 60)}…` : r.description,
    images,
    like_count: r.like_count,
    comment_count: r.comment_count,
    is_like: r.is_like ? 1 : 0,
    creator: creatorShown(origin, { ...r, id: r.creator_id }, r.is_attention),
    quote: r.quote_id ? { id: r.quote_id, title: r.quote_title ?? "", cover: coverUrl(origin, r.quote_seed ?? "", r.quote_ratio ?? "16X9", ""), cover_ratio: r.quote_ratio ?? "16X9" } : null,
    created_at: isoDate(r.created_at),
  };
}

/** Headlines by `creator` (by everyone: null), newest first, as `viewer` sees them; those hidden by reports only to their author, removed ones to nobody. */
export async function pageOfPosts(db: DB, origin: string, viewer: number, creator: number | null, page: number, limit: number) {
  const where = `${creator === null ? "1 = 1" : "i.creator_id = @creator"} AND ${SHOWN_TO_VIEWER}`;
  const total = (await db.value<number>(`SELECT COUNT(*) FROM items i WHERE i.kind = 'headline' AND ${where}`, { creator, uid: viewer }))!;
  const rows = (await db.all(`${POST_SELECT} AND ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT @limit OFFSET @offset`, {
    uid: viewer,
    creator,
    limit,
    offset: (page - 1) * limit,
  })) as PostRow[];
  const images = await imagesOf(db, origin, rows.map((r) => r.id));
  return paged(
    rows.map((r) => toHeadline(origin, r, images.get(r.id) ?? [])),
    page,
    limit,
    total,
  );
}

async function requirePost(db: DB, uid: number, postId: number): Promise<PostRow> {
  const row = (await db.get(`${POST_SELECT} AND i.id = @id`, { uid, id: postId })) as PostRow | undefined;
  if (!row) throw new ApiError(404, "头条不存在或已删除");
  const refusal = refusalOf("headline", row, uid);
  if (refusal) throw new ApiError(404, refusal);
  return row;
}

export const headlines = defineHandler(creators.headlines, {
  auth: "guest",
  input: creatorPage,
  async handle({ input, db, origin, caller }) {
    await requireCreator(db, input.uid);
    return { data: await pageOfPosts(db, origin, caller.user.id, input.uid, input.page, input.limit) };
  },
});

/** The caller's own headlines and circle posts (a community unlock writes one), newest first. */
export const myHeadlines = defineHandler(accounts.myHeadlines, {
  auth: "member",
  input: pageInput,
  handle: async ({ input, db, origin, caller }) => ({ data: await pageOfPosts(db, origin, caller.user.id, caller.user.id, input.page, input.limit) }),
});

export const reportHeadline = defineHandler(home.reportHeadline, {
  auth: "member",
  input: z.object({ id: id("头条 id"), type_id: id("举报类型"), content: reportText }),
  async handle({ input, db, caller }) {
    // Circle posts are reported here too (decision 040).
    const item = await db.get<{ kind: "headline" | "post"; hidden: number }>("SELECT kind, hidden FROM items WHERE id = ? AND kind IN ('headline', 'post')", [input.id]);
    if (!item) throw new ApiError(404, "头条不存在或已删除");
    if (Number(item.hidden) === REMOVED) throw new ApiError(404, removedWords(item.kind));
    const again = await reportItem(db, caller.user.id, input.id, input.type_id, input.content);
    await hideWhenReported(db, input.id);
    return { msg: again ? "举报已更新" : "举报已提交", data: { ok: true } };
  },
});

export const headline = defineHandler(creators.headline, {
  auth: "guest",
  input: z.object({ id: id("头条 id") }),
  async handle({ input, db, origin, caller }) {
    const row = await requirePost(db, caller.user.id, input.id);
    await db.run("UPDATE items SET view_count = view_count + 1 WHERE id = ?", [input.id]);
    const images = await imagesOf(db, origin, [row.id]);
    return { data: { ...toHeadline(origin, row, images.get(row.id) ?? []), content: row.description } satisfies HeadlineDetail };
  },
});

export const headlineComments = defineHandler(creators.headlineComments, {
  auth: "guest",
  input: z.object({ id: id("头条 id"), ...pageInput.shape }),
  async handle({ input, db, origin, caller }) {
    await requirePost(db, caller.user.id, input.id);
    return { data: await listComments(db, origin, caller.user.id, input.id, input.page, input.limit) };
  },
});

export const headlineReplies = defineHandler(creators.headlineReplies, {
  auth: "guest",
  input: z.object({ comment_id: id("评论 id"), ...pageInput.shape }),
  handle: async ({ input, db, origin, caller }) => ({ data: await listReplies(db, origin, caller.user.id, input.comment_id, input.page, input.limit) }),
});

export const likeHeadline = defineHandler(creators.likeHeadline, {
  auth: "member",
  input: z.object({ id: id("头条 id") }),
  async handle({ input, db, caller }) {
    await requirePost(db, caller.user.id, input.id);
    const r = await toggleItemMark(db, caller.user.id, input.id, "likes");
    return { msg: r.on ? "点赞成功" : "已取消点赞", data: { is_like: r.on, like_count: r.count } };
  },
});

export const likeHeadlineComment = defineHandler(creators.likeHeadlineComment, {
  auth: "member",
  input: z.object({ comment_id: id("评论 id") }),
  handle: async ({ input, db, caller }) => ({ data: await toggleCommentLike(db, caller.user.id, input.comment_id) }),
});

export const commentHeadline = defineHandler(creators.commentHeadline, {
  auth: "member",
  input: z.object({
    id: id("头条 id"),
    content: z
      .string({ error: "请输入评论内容" })
      .trim()
      .min(1, "请输入评论内容")
      .max(creators.MAX_HEADLINE_COMMENT, `评论最多 ${creators.MAX_HEADLINE_COMMENT} 字`),
    reply_to: id("回复的评论 id").optional(),
  }),
  async handle({ input, db, origin, caller }) {
    await requirePost(db, caller.user.id, input.id);
    return { msg: "评论成功", data: await addComment(db, origin, caller.user.id, input.id, input.content, input.reply_to) };
  },
});

export const headlineHandlers = [headlines, myHeadlines, reportHeadline, headline, headlineComments, headlineReplies, likeHeadline, likeHeadlineComment, commentHeadline];
