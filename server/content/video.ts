import { z } from "zod";
import type { CreatorBrief, Video, VideoDetail, VideoSection } from "#gateway/api/content-types.ts";
import { isVip, vipFlag, type UserRow } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, idInput, isoDate, paged } from "#server/http/registry.ts";
import { creatorShown, PROFILE_MASKED } from "#server/community/profiles-shown.ts";
import { OPEN_TO_VIEWER, refusalOf, SHOWN_TO_VIEWER, TAKEN_DOWN } from "#server/community/report-review.ts";
import { coverUrl, signedMedia, videoUrl } from "./media.ts";
import { clock } from "#server/clock.ts";

export interface ItemRow {
  id: number;
  kind: string;
  section: string;
  title: string;
  description: string;
  cover_seed: string;
  cover_ratio: string;
  media: string;
  duration: number;
  category_id: number | null;
  series_id: number | null;
  series_title: string;
  creator_id: number | null;
  creator_nickname: string | null;
  creator_avatar: string | null;
  coins: number;
  vip_free: number;
  like_count: number;
  comment_count: number;
  view_count: number;
  favorite_count: number;
  created_at: number;
  tags: string | null;
  is_pay: number;
  is_like: number;
  is_favorite: number;
  is_attention: number;
  /** The caller is in the creator's fan club. */
  in_club: number;
  /** Decision 050's review state: shown, hidden by reports, removed. */
  hidden: number;
  /** 1 when the creator's profile is hidden by reports and the caller is someone else (decision 069). */
  creator_masked: number;
}

/**
 * Every video query selects this, with the caller's own flags; `@uid` is the caller. The flags are 0/1 on
 * both databases (`CASE WHEN EXISTS`); the tags' list is the dialect's own aggregate, hence a function of `db`.
 * `is_pay` is a purchase of the whole item (unit 0), not of one of its units.
 */
export function itemSelect(db: DB): string {
  return `
  SELECT i.id, i.kind, i.section, i.title, i.description, i.cover_seed, i.cover_ratio, i.media, i.duration,
    i.category_id, i.series_id, COALESCE(s.title, '') AS series_title, i.creator_id,
    u.nickname AS creator_nickname, u.avatar_url AS creator_avatar,
    i.coins, i.vip_free, i.like_count, i.comment_count, i.view_count, i.favorite_count, i.created_at, i.hidden,
    ${PROFILE_MASKED} AS creator_masked,
    (SELECT ${db.groupConcat("t.name")} FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = i.id) AS tags,
    CASE WHEN EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = @uid AND p.item_id = i.id AND p.unit_id = 0) THEN 1 ELSE 0 END AS is_pay,
    CASE WHEN EXISTS (SELECT 1 FROM likes l WHERE l.user_id = @uid AND l.item_id = i.id) THEN 1 ELSE 0 END AS is_like,
    CASE WHEN EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = @uid AND f.item_id = i.id) THEN 1 ELSE 0 END AS is_favorite,
    CASE WHEN EXISTS (SELECT 1 FROM follows fo WHERE fo.follower_id = @uid AND fo.followee_id = i.creator_id) THEN 1 ELSE 0 END AS is_attention,
    CASE WHEN EXISTS (SELECT 1 FROM club_members cm WHERE cm.creator_id = i.creator_id AND cm.user_id = @uid) THEN 1 ELSE 0 END AS in_club
  FROM items i LEFT JOIN users u ON u.id = i.creator_id LEFT JOIN series s ON s.id = i.series_id`;
}

/**
 * Whether `user` may play the item now: free, bought, or free for VIP and the user is VIP or in the
 * creator's fan club (the club's exclusive videos are its creator's VIP-free ones: `club/clubVideos`).
 */
export function canWatch(row: Pick<ItemRow, "coins" | "vip_free" | "is_pay" | "in_club">, user: Pick<UserRow, "vip_expires_at">): boolean {
  if (row.is_pay) return true;
  if (row.vip_free && (isVip(user) || row.in_club)) return true;
  return row.coins === 0 && !row.vip_free;
}

/** The video's creator as the caller sees them: placeholders while their profile is hidden by reports. */
export function creatorBrief(origin: string, row: ItemRow): CreatorBrief {
  if (!row.creator_id) return { uid: 0, nickname: "", avatar_url: "", is_attention: row.is_attention ? 1 : 0 };
  return creatorShown(origin, { id: row.creator_id, nickname: row.creator_nickname ?? "", username: "", avatar_url: row.creator_avatar ?? "", profile_masked: row.creator_masked }, row.is_attention);
}

export function toVideo(origin: string, row: ItemRow, user: Pick<UserRow, "vip_expires_at">): Video {
  return {
    id: row.id,
    kind: "video",
    section: row.section as VideoSection,
    title: row.title,
    cover: coverUrl(origin, row.cover_seed, row.cover_ratio, ""),
    cover_ratio: row.cover_ratio,
    duration: row.duration,
    tags: row.tags ? row.tags.split(",") : [],
    category_id: row.category_id ?? 0,
    series_id: row.series_id,
    series_title: row.series_title,
    creator: creatorBrief(origin, row),
    coins: row.coins,
    vip_free: row.vip_free,
    can_watch: canWatch(row, user) ? 1 : 0,
    is_pay: row.is_pay ? 1 : 0,
    is_like: row.is_like ? 1 : 0,
    like_count: row.like_count,
    comment_count: row.comment_count,
    view_count: row.view_count,
    created_at: isoDate(row.created_at),
    ...(Number(row.hidden) === TAKEN_DOWN ? { off_shelf: 1 as const } : {}),
  };
}

/** `secret` signs the play address of a sold video for `user` (decision 067). */
export function toDetail(origin: string, secret: string, row: ItemRow, user: UserRow, isMember: boolean, allowance: { tickets: number; communityLeft: number }): VideoDetail {
  const video = toVideo(origin, row, user);
  const sold = row.coins > 0 || row.vip_free > 0;
  return {
    ...video,
    description: row.description,
    play_url: video.can_watch ? videoUrl(origin, row.id, 0, row.media, signedMedia(sold, row.hidden) ? { secret, uid: user.id } : undefined) : "",
    preview_url: signedMedia(false, row.hidden) ? "" : videoUrl(origin, row.id, "preview", row.media),
    is_favorite: row.is_favorite ? 1 : 0,
    viewer: { coins: user.coins, vip: vipFlag(user), tickets: allowance.tickets, community_left: allowance.communityLeft, is_member: isMember ? 1 : 0 },
  };
}

/** A video the caller `uid` may see: not hidden by reports (unless theirs) nor removed (decision 073). */
export async function itemById(db: DB, id: number, uid: number): Promise<ItemRow | undefined> {
  return (await db.get(`${itemSelect(db)} WHERE i.id = @id AND i.kind = 'video' AND ${OPEN_TO_VIEWER}`, { id, uid })) as ItemRow | undefined;
}

/** A call about one video. */
export const videoId = z.object({ id: idInput("视频 id") });

/** A video the caller may see, or a 404 that says why not (gone, hidden by reports, removed). */
export async function requireVideo(db: DB, itemId: number, uid: number) {
  const row = (await db.get(`${itemSelect(db)} WHERE i.id = @id AND i.kind = 'video'`, { id: itemId, uid })) as ItemRow | undefined;
  if (!row) throw new ApiError(404, "视频不存在或已下架");
  const refusal = refusalOf("video", row, uid, Boolean(Number(row.is_pay)));
  if (refusal) throw new ApiError(404, refusal);
  return row;
}

/**
 * The sort tabs' orders, what their names say: 最新 by date, 最热 by the play count the cards show (not the
 * internal `hot` score, which likes and favourites also raise), 热门新片 by plays per day of age.
 */
const ORDER: Record<string, string> = {
  new: "i.created_at DESC, i.id DESC",
  hot: "i.view_count DESC, i.id DESC",
  // A stable mix, so paging a recommended feed neither repeats nor skips.
  recommend: "(i.id * 7919) % 1009, i.id",
  hot_new: "i.view_count * 1.0 / ((@now - i.created_at) / 86400000.0 + 2) DESC, i.id DESC",
};

export function orderFor(sort: string | undefined): string {
  return ORDER[sort ?? ""] ?? ORDER.new!;
}

/**
 * One page of videos the caller may see (decision 073: none hidden by reports but their own, none removed). `where`
 * uses named parameters only (`@name`); `params` binds them.
 * The statement text is fixed per (where, order), so it is prepared once.
 */
export async function pageOfVideos(
  db: DB,
  opts: { where: string; params: Record<string, unknown>; order: string; page: number; limit: number; origin: string; user: UserRow; from?: string; kept?: boolean },
) {
  const from = opts.from ?? "";
  const where = `i.kind = 'video' AND ${opts.kept ? OPEN_TO_VIEWER : SHOWN_TO_VIEWER} AND ${opts.where}`;
  const base = `${itemSelect(db)} ${from} WHERE ${where}`;
  const params = { uid: opts.user.id, now: clock.now(), ...opts.params };
  const total = (await db.value(`SELECT COUNT(*) FROM items i ${from} WHERE ${where}`, params))!;
  const rows = (await db.all(`${base} ORDER BY ${opts.order} LIMIT @limit OFFSET @offset`, {
    ...params,
    limit: opts.limit,
    offset: (opts.page - 1) * opts.limit,
  })) as ItemRow[];
  return paged(
    rows.map((r) => toVideo(opts.origin, r, opts.user)),
    opts.page,
    opts.limit,
    total,
  );
}

/**
 * A page of one of the caller's own lists of videos (likes, purchases): `from` joins the list's rows on `@uid`,
 * `order` sorts by them; `kept` lists too what was taken down and the caller keeps (their purchases). Takes a handler's context.
 */
export function pageOfCallersVideos(
  { db, input, origin, caller }: { db: DB; input: { page: number; limit: number }; origin: string; caller: { user: UserRow } },
  from: string,
  order: string,
  kept = false,
) {
  return pageOfVideos(db, { from, where: "1 = 1", params: {}, order, page: input.page, limit: input.limit, origin, user: caller.user, kept });
}

export function sectionOf(value: string | undefined): VideoSection {
  return value === "aw" ? "aw" : "porn";
}
