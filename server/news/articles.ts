import type { NewsDetail, NewsItem } from "#gateway/api/news.ts";
import { vipFlag, type UserRow } from "#server/accounts/users.ts";
import { coverUrl, encImageUrl, signedMedia, videoUrl, type VideoGrant } from "#server/content/media.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, isoDate } from "#server/http/registry.ts";
import { isStoredRef, storedImageUrl, type StoredGrant } from "#server/ingest/stored-files.ts";
import { OPEN_TO_VIEWER } from "#server/community/report-review.ts";

// An article is an item of kind `news`: `description` is its free part and `body` the paid rest, both HTML as
// stored, where images and videos are named, not addressed (`<img data-seed data-ratio>`, `<video data-media>`):
// the answer gives them this origin's addresses.

export interface NewsRow {
  id: number;
  title: string;
  description: string;
  body: string;
  cover_seed: string;
  cover_ratio: string;
  category_id: number | null;
  coins: number;
  like_count: number;
  comment_count: number;
  view_count: number;
  favorite_count: number;
  created_at: number;
  /** Decision 050's review state. */
  hidden: number;
  tags: string | null;
  is_pay: number;
  is_favorite: number;
}

export function newsSelect(db: DB): string {
  return `
  SELECT i.id, i.title, i.description, i.body, i.cover_seed, i.cover_ratio, i.category_id, i.coins, i.like_count, i.comment_count,
    i.view_count, i.favorite_count, i.created_at, i.hidden,
    (SELECT ${db.groupConcat("t.name")} FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = i.id) AS tags,
    CASE WHEN EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = @uid AND p.item_id = i.id AND p.unit_id = 0) THEN 1 ELSE 0 END AS is_pay,
    CASE WHEN EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = @uid AND f.item_id = i.id) THEN 1 ELSE 0 END AS is_favorite
  FROM items i`;
}

export const canRead = (r: Pick<NewsRow, "coins" | "is_pay">) => r.coins === 0 || r.is_pay === 1;

export function toNewsItem(origin: string, r: NewsRow): NewsItem {
  return {
    id: r.id,
    kind: "news",
    title: r.title,
    cover: coverUrl(origin, r.cover_seed, r.cover_ratio, ""),
    cover_ratio: r.cover_ratio,
    category_id: r.category_id ?? 0,
    tags: r.tags ? r.tags.split(",") : [],
    coins: r.coins,
    is_pay: r.is_pay ? 1 : 0,
    can_read: canRead(r) ? 1 : 0,
    like_count: r.like_count,
    comment_count: r.comment_count,
    view_count: r.view_count,
    favorite_count: r.favorite_count,
    created_at: isoDate(r.created_at),
  };
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? "";

/**
 * Stored HTML (the article `itemId`'s description, then its body) with this origin's image and video addresses;
 * videos are numbered in order, signed with `grant` when the article is sold (decision 067). Published images in a
 * folder (a paid part's, decision 086) carry `imageGrant`: the HTML given is already only what the caller may read.
 */
export function addressed(origin: string, html: string, itemId: number, grant?: VideoGrant, imageGrant?: StoredGrant): string {
  let slot = 0;
  return html
    .replace(/<img\b[^>]*>/g, (tag) => {
      const ratio = attr(tag, "data-ratio") || "4X3";
      const [w, h] = ratio.split("X").map(Number) as [number, number];
      const seed = attr(tag, "data-seed");
      const src = isStoredRef(seed) ? storedImageUrl(origin, seed, imageGrant) : encImageUrl(origin, seed, 640, Math.round((640 * h) / w));
      return `<img src="${src}" data-ratio="${ratio}" alt="${attr(tag, "alt")}">`;
    })
    .replace(/<video\b[^>]*>(<\/video>)?/g, (tag) => `<video src="${videoUrl(origin, itemId, slot++, attr(tag, "data-media"), grant).replaceAll("&", "&amp;")}" controls></video>`);
}

export async function requireNews(db: DB, id: number, uid: number): Promise<NewsRow> {
  const row = (await db.get(`${newsSelect(db)} WHERE i.id = @id AND i.kind = 'news' AND ${OPEN_TO_VIEWER}`, { id, uid })) as NewsRow | undefined;
  if (!row) throw new ApiError(404, "文章不存在或已下架");
  return row;
}

/** The article for `user`: whole when readable, else its free part; articles are sold for coins only. */
export function toNewsDetail(origin: string, secret: string, r: NewsRow, user: UserRow, isMember: boolean): NewsDetail {
  const open = canRead(r);
  const grant = signedMedia(r.coins > 0 && open, r.hidden) ? { secret, uid: user.id } : undefined;
  return {
    ...toNewsItem(origin, r),
    body: addressed(origin, open ? r.description + r.body : r.description, r.id, grant, { secret, uid: user.id }),
    locked: open ? 0 : 1,
    is_favorite: r.is_favorite ? 1 : 0,
    viewer: { coins: user.coins, vip: vipFlag(user), tickets: 0, community_left: 0, is_member: isMember ? 1 : 0 },
  };
}
