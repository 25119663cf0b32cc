import { circle } from "#gateway/api/index.ts";
import type { CirclePost } from "#gateway/api/circle.ts";
import type { ImageRef } from "#gateway/api/content-types.ts";
import { encImageUrl, signedMedia, videoUrl, type VideoGrant } from "#server/content/media.ts";
import { creatorShown, PROFILE_MASKED } from "./profiles-shown.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, isoDate, paged } from "#server/http/registry.ts";
import { HIDDEN_BY_REPORTS, refusalOf, SHOWN, SHOWN_TO_VIEWER } from "./report-review.ts";
import { clock } from "#server/clock.ts";

// Circle posts are items of kind `post` (section `circle`): `description` is the text, `media` an uploaded
// video's path (or a seeded clip), `coins` a request's reward, `series_id` the topic. Pictures are
// `item_images` rows: an uploaded picture's address in `url`, or a generated placeholder's `seed`.

export interface CircleRow {
  id: number;
  description: string;
  media: string;
  is_request: number;
  coins: number;
  essence: number;
  comment_count: number;
  like_count: number;
  view_count: number;
  hidden: number;
  created_at: number;
  creator_id: number;
  nickname: string;
  username: string;
  avatar_url: string;
  series_id: number | null;
  topic_title: string;
  is_like: number;
  is_attention: number;
  profile_masked: number;
}

export const CIRCLE_SELECT = `
  SELECT i.id, i.description, i.media, i.is_request, i.coins, i.essence, i.comment_count, i.like_count, i.view_count, i.hidden, i.created_at,
    i.creator_id, u.nickname, u.username, u.avatar_url, ${PROFILE_MASKED} AS profile_masked, i.series_id, COALESCE(s.title, '') AS topic_title,
    CASE WHEN EXISTS (SELECT 1 FROM likes l WHERE l.user_id = @uid AND l.item_id = i.id) THEN 1 ELSE 0 END AS is_like,
    CASE WHEN EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = @uid AND f.followee_id = i.creator_id) THEN 1 ELSE 0 END AS is_attention
  FROM items i JOIN users u ON u.id = i.creator_id LEFT JOIN series s ON s.id = i.series_id`;

/** Posts everyone sees: not hidden by reports; a hidden one only to its author; a removed one to nobody (decision 050). */
export const VISIBLE = `i.kind = 'post' AND ${SHOWN_TO_VIEWER}`;

const address = (origin: string, path: string) => (path.startsWith("/") ? `${origin}${path}` : path);

/** The pictures of each post, in order: one query for a page of posts. */
export async function picturesOf(db: DB, origin: string, ids: number[]): Promise<Map<number, ImageRef[]>> {
  const pictures = new Map<number, ImageRef[]>(ids.map((id) => [id, []]));
  if (!ids.length) return pictures;
  const rows = await db.all<{ item_id: number; seed: string; ratio: string; url: string }>("SELECT item_id, seed, ratio, url FROM item_images WHERE item_id IN (@ids) ORDER BY item_id, seq", { ids });
  for (const r of rows) {
    const [w, h] = r.ratio.split("X").map(Number) as [number, number];
    pictures.get(r.item_id)?.push({ url: r.url ? address(origin, r.url) : encImageUrl(origin, r.seed, 360, Math.round((360 * h) / w)), ratio: r.ratio });
  }
  return pictures;
}

export function excerptOf(text: string, length = 80) {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** `viewer` signs the seeded clip of a post hidden by reports, which only its author is shown (decision 078). */
export function toCirclePost(origin: string, r: CircleRow, images: ImageRef[], viewer: VideoGrant): CirclePost {
  return {
    id: r.id,
    kind: "post",
    excerpt: excerptOf(r.description),
    images,
    video: r.media ? { url: r.media.startsWith("/") ? address(origin, r.media) : videoUrl(origin, r.id, 0, r.media, signedMedia(false, r.hidden) ? viewer : undefined) } : null,
    is_request: r.is_request ? 1 : 0,
    coins: r.coins,
    essence: r.essence ? 1 : 0,
    reply_count: r.comment_count,
    like_count: r.like_count,
    view_count: r.view_count,
    is_like: r.is_like ? 1 : 0,
    creator: creatorShown(origin, { ...r, id: r.creator_id }, r.is_attention),
    topic: r.series_id ? { id: r.series_id, title: r.topic_title } : null,
    created_at: isoDate(r.created_at),
  };
}

/** One page of posts: `where` and `order` use named parameters only; `@uid` is the viewer. */
export async function pageOfCirclePosts(db: DB, origin: string, viewer: VideoGrant, opts: { where: string; order: string; params?: Record<string, unknown>; page: number; limit: number }) {
  const where = `${VISIBLE} AND ${opts.where}`;
  const params = { uid: viewer.uid, ...opts.params };
  const total = (await db.value<number>(`SELECT COUNT(*) FROM items i WHERE ${where}`, params))!;
  const rows = (await db.all(`${CIRCLE_SELECT} WHERE ${where} ORDER BY ${opts.order} LIMIT @limit OFFSET @offset`, {
    ...params,
    limit: opts.limit,
    offset: (opts.page - 1) * opts.limit,
  })) as CircleRow[];
  const pictures = await picturesOf(db, origin, rows.map((r) => r.id));
  return paged(rows.map((r) => toCirclePost(origin, r, pictures.get(r.id) ?? [], viewer)), opts.page, opts.limit, Number(total));
}

export async function requireCirclePost(db: DB, id: number, uid: number): Promise<CircleRow> {
  const row = (await db.get(`${CIRCLE_SELECT} WHERE i.id = @id AND i.kind = 'post'`, { id, uid })) as CircleRow | undefined;
  if (!row) throw new ApiError(404, "帖子不存在或已删除");
  const refusal = refusalOf("post", row, uid);
  if (refusal) throw new ApiError(404, refusal);
  return row;
}

/**
 * Hides a post or headline from the feeds once `REPORTS_TO_HIDE` members have open reports on it (decision 040);
 * reports an operator reviewed no longer count, a reporter's later words included (decision 050).
 */
export async function hideWhenReported(db: DB, itemId: number): Promise<void> {
  const reporters = (await db.value<number>("SELECT COUNT(DISTINCT user_id) FROM reports WHERE target = 'item' AND item_id = ? AND reviewed_at = 0", [itemId]))!;
  if (Number(reporters) >= circle.REPORTS_TO_HIDE) {
    await db.run("UPDATE items SET hidden = ?, hidden_at = ? WHERE id = ? AND kind IN ('headline', 'post') AND hidden = ?", [HIDDEN_BY_REPORTS, clock.now(), itemId, SHOWN]);
  }
}
