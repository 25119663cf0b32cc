import { z } from "zod";
import type { ResourceViewer } from "#gateway/api/pictures.ts";
import type { FollowedSeries, ResourceItem, ResourceKind, ResourceUnit } from "#gateway/api/resources.ts";
import { vipFlag, type UserRow } from "#server/accounts/users.ts";
import { coverUrl } from "#server/content/media.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, idInput, intInput, isoDate, paged, pageInput, sortInput, type Caller } from "#server/http/registry.ts";
import { unitIsOpen } from "#server/wallet/book-sales.ts";
import { KEPT_BY_VIEWER, OPEN_TO_VIEWER, TAKEN_DOWN } from "#server/community/report-review.ts";
import { clock } from "#server/clock.ts";

// What the five kinds of the 资源 tab share on the server: one row shape, one card, one paged list with the
// tab's sorts and filters, follows of series, and the chapters or episodes of a book with who may open them. Each
// kind's handlers add their own fields and calls.

export const RESOURCE_KINDS: readonly ResourceKind[] = ["comic", "novel", "picture", "audio", "game"];

export interface ResourceRow {
  id: number;
  kind: ResourceKind;
  title: string;
  description: string;
  cover_seed: string;
  cover_ratio: string;
  coins: number;
  vip_free: number;
  like_count: number;
  comment_count: number;
  view_count: number;
  favorite_count: number;
  series_id: number | null;
  category_id: number | null;
  is_end: number;
  created_at: number;
  updated_at: number;
  tags: string | null;
  unit_count: number;
  is_pay: number;
  is_like: number;
  is_favorite: number;
  is_follow: number;
  hidden: number;
}

/** The select of a resource row for the caller `@uid`; add `WHERE …` (the items are `i`). */
export function resourceSelect(db: DB): string {
  return `
  SELECT i.id, i.kind, i.title, i.description, i.cover_seed, i.cover_ratio, i.coins, i.vip_free, i.like_count, i.comment_count,
    i.view_count, i.favorite_count, i.series_id, i.category_id, i.is_end, i.created_at, i.updated_at, i.hidden,
    (SELECT ${db.groupConcat("t.name")} FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = i.id) AS tags,
    CASE WHEN i.kind IN ('picture', 'game') THEN (SELECT COUNT(*) FROM item_images im WHERE im.item_id = i.id)
      ELSE (SELECT COUNT(*) FROM item_units u WHERE u.item_id = i.id) END AS unit_count,
    CASE WHEN EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = @uid AND p.item_id = i.id AND p.unit_id = 0) THEN 1 ELSE 0 END AS is_pay,
    CASE WHEN EXISTS (SELECT 1 FROM likes l WHERE l.user_id = @uid AND l.item_id = i.id) THEN 1 ELSE 0 END AS is_like,
    CASE WHEN EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = @uid AND f.item_id = i.id) THEN 1 ELSE 0 END AS is_favorite,
    CASE WHEN EXISTS (SELECT 1 FROM series_follows sf WHERE sf.user_id = @uid AND sf.series_id = i.series_id) THEN 1 ELSE 0 END AS is_follow
  FROM items i`;
}

export function toResourceItem(origin: string, r: ResourceRow): ResourceItem {
  return {
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    cover: coverUrl(origin, r.cover_seed, r.cover_ratio, ""),
    cover_ratio: r.cover_ratio,
    description: r.description,
    tags: r.tags ? r.tags.split(",") : [],
    coins: Number(r.coins),
    vip_free: r.vip_free ? 1 : 0,
    is_pay: r.is_pay ? 1 : 0,
    like_count: Number(r.like_count),
    comment_count: Number(r.comment_count),
    view_count: Number(r.view_count),
    favorite_count: Number(r.favorite_count),
    unit_count: Number(r.unit_count),
    is_end: r.is_end ? 1 : 0,
    created_at: isoDate(Number(r.created_at)),
    updated_at: isoDate(Number(r.updated_at || r.created_at)),
    ...(Number(r.hidden) === TAKEN_DOWN ? { off_shelf: 1 as const } : {}),
  };
}

/** The caller's marks on an item, 1 or 0: liked, kept, following its series (a detail's fields). */
export const marksOf = (r: Pick<ResourceRow, "is_like" | "is_favorite" | "is_follow">) => ({ is_like: r.is_like ? 1 : 0, is_favorite: r.is_favorite ? 1 : 0, is_follow: r.is_follow ? 1 : 0 });

/** One resource of a kind for the caller, or a 404 in Chinese (`noun`: 漫画, 小说, …). */
export async function requireResource(db: DB, kind: ResourceKind, id: number, uid: number, noun: string): Promise<ResourceRow> {
  const row = await db.get<ResourceRow>(`${resourceSelect(db)} WHERE i.id = @id AND i.kind = @kind AND ${OPEN_TO_VIEWER}`, { id, kind, uid });
  if (!row) throw new ApiError(404, `${noun}不存在或已下架`);
  return row;
}

/** The member whose purchases and VIP count (a visitor has neither). */
export const memberOf = (caller: Caller): UserRow | null => (caller.isMember ? caller.user : null);

/**
 * What a resource's unlock panel needs of the caller: a member's balance and VIP, zeros for a visitor. Coins only:
 * no vouchers and no community unlock for resources.
 */
export const viewerOf = (caller: Caller): ResourceViewer => ({
  coins: caller.isMember ? Number(caller.user.coins) : 0,
  vip: caller.isMember ? vipFlag(caller.user) : 0,
  tickets: 0,
  community_left: 0,
  is_member: caller.isMember ? 1 : 0,
});

/** A chapter or episode (`item_units`) as stored, before `can_open` is worked out for the caller. */
export type UnitRow = Omit<ResourceUnit, "can_open">;

/** The `item_units` columns of a `UnitRow`. */
export const UNIT_COLUMNS = "id, item_id, seq, title, coins, vip_free";

/**
 * Which units of an item `user` (null: a visitor) may open: bought alone or with the whole book (`whole`), or
 * open without a purchase (free, VIP-free for a VIP).
 */
export async function unitAccess(db: DB, user: UserRow | null, itemId: number): Promise<{ whole: boolean; opens: (u: UnitRow) => boolean }> {
  const rows = user ? await db.all<{ unit_id: number }>("SELECT unit_id FROM purchases WHERE user_id = ? AND item_id = ?", [user.id, itemId]) : [];
  const bought = new Set(rows.map((r) => Number(r.unit_id)));
  const whole = bought.has(0);
  return { whole, opens: (u) => whole || bought.has(Number(u.id)) || unitIsOpen(user, { coins: Number(u.coins), vip_free: Number(u.vip_free) }) };
}

/** A chapter or episode as the chapter lists answer it. */
export const toResourceUnit = (u: UnitRow, open: boolean): ResourceUnit => ({
  id: Number(u.id),
  item_id: Number(u.item_id),
  seq: Number(u.seq),
  title: u.title,
  coins: Number(u.coins),
  vip_free: u.vip_free ? 1 : 0,
  can_open: open ? 1 : 0,
});

/** Sorts of the tab's lists by the config's names; an unknown name is the newest first. */
const ORDERS: Record<string, string> = {
  new: "i.created_at DESC, i.id DESC",
  hot: "i.view_count DESC, i.id DESC",
  update: "i.updated_at DESC, i.id DESC",
  like: "i.like_count DESC, i.id DESC",
};

/** The fields of `ResourceListInput`, checked. */
export const resourceListInput = z.object({
  sort: sortInput,
  tag: z.string({ error: "标签应为文字" }).trim().max(30, "标签最多 30 字").optional(),
  kw: z.string({ error: "关键词应为文字" }).trim().max(50, "关键词最多 50 字").optional(),
  is_end: intInput("完结状态无效", { min: 0, max: 1 }).optional(),
  category_id: idInput("分类 id").optional(),
  ...pageInput.shape,
});

export type ResourceListFields = z.infer<typeof resourceListInput>;

/**
 * A page of one kind's items for the caller, by the tab's sort and filters; `extra` adds conditions (with their
 * parameters) and `from` joins (a favourites list, a purchase list).
 */
export async function pageOfResources(
  db: DB,
  origin: string,
  uid: number,
  kind: ResourceKind,
  input: ResourceListFields,
  extra: { where?: string; from?: string; params?: Record<string, unknown>; order?: string; kept?: boolean } = {},
) {
  const where = [
    extra.kept ? `i.kind = @kind AND (i.hidden = 0 OR ${KEPT_BY_VIEWER})` : "i.kind = @kind AND i.hidden = 0",
    input.tag ? "EXISTS (SELECT 1 FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = i.id AND t.name = @tag)" : "",
    input.is_end !== undefined ? "i.is_end = @is_end" : "",
    input.category_id ? "i.category_id = @category_id" : "",
    input.kw ? "i.title LIKE @kw" : "",
    extra.where ?? "",
  ]
    .filter(Boolean)
    .join(" AND ");
  const params = {
    uid,
    kind,
    tag: input.tag ?? "",
    is_end: input.is_end ?? 0,
    category_id: input.category_id ?? 0,
    kw: `%${(input.kw ?? "").replace(/[%_\\]/g, "")}%`,
    ...extra.params,
  };
  const from = extra.from ?? "";
  const total = Number(await db.value(`SELECT COUNT(*) FROM items i ${from} WHERE ${where}`, params));
  const rows = await db.all<ResourceRow>(`${resourceSelect(db)} ${from} WHERE ${where} ORDER BY ${extra.order ?? ORDERS[input.sort ?? "new"] ?? ORDERS.new} LIMIT @limit OFFSET @offset`, {
    ...params,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return paged(
    rows.map((r) => toResourceItem(origin, r)),
    input.page,
    input.limit,
    total,
  );
}

/** Follows the item's series, or unfollows it. An item without a series is not followed. */
export async function toggleSeriesFollow(db: DB, uid: number, itemId: number): Promise<{ is_follow: number }> {
  const item = await db.get<{ series_id: number | null }>(`SELECT series_id FROM items WHERE id = ? AND kind IN ('comic', 'novel', 'picture', 'audio', 'game') AND hidden = 0`, [itemId]);
  if (!item) throw new ApiError(404, "内容不存在或已下架");
  if (!item.series_id) throw new ApiError(400, "该内容不属于任何系列");
  return await db.transaction(async (db) => {
    const removed = await db.run("DELETE FROM series_follows WHERE user_id = ? AND series_id = ?", [uid, item.series_id]);
    if (removed) return { is_follow: 0 };
    await db.run("INSERT INTO series_follows (user_id, series_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", [uid, item.series_id, clock.now()]);
    return { is_follow: 1 };
  });
}

/** The series the member follows (of one kind, or all), each with its newest item. */
export async function pageOfFollowedSeries(db: DB, origin: string, uid: number, kind: ResourceKind | null, page: number, limit: number) {
  const kindWhere = kind ? "AND s.kind = @kind" : "";
  const params = { uid, kind: kind ?? "" };
  const total = Number(await db.value(`SELECT COUNT(*) FROM series_follows sf JOIN series s ON s.id = sf.series_id WHERE sf.user_id = @uid ${kindWhere}`, params));
  const series = await db.all<{ id: number; title: string; created_at: number; item_count: number; latest_id: number | null }>(
    `SELECT s.id, s.title, sf.created_at,
       (SELECT COUNT(*) FROM items i WHERE i.series_id = s.id AND i.hidden = 0) AS item_count,
       (SELECT i.id FROM items i WHERE i.series_id = s.id AND i.hidden = 0 ORDER BY i.created_at DESC, i.id DESC LIMIT 1) AS latest_id
     FROM series_follows sf JOIN series s ON s.id = sf.series_id WHERE sf.user_id = @uid ${kindWhere}
     ORDER BY sf.created_at DESC, s.id DESC LIMIT @limit OFFSET @offset`,
    { ...params, limit, offset: (page - 1) * limit },
  );
  const list: FollowedSeries[] = [];
  for (const s of series) {
    if (!s.latest_id) continue;
    const latest = await db.get<ResourceRow>(`${resourceSelect(db)} WHERE i.id = @id`, { id: s.latest_id, uid });
    if (!latest) continue;
    list.push({ series_id: Number(s.id), series_title: s.title, item_count: Number(s.item_count), latest: toResourceItem(origin, latest), followed_at: isoDate(Number(s.created_at)) });
  }
  return paged(list, page, limit, total);
}

export const followInput = z.object({ id: idInput("内容 id") });
export const kindInput = z.enum(RESOURCE_KINDS as [ResourceKind, ...ResourceKind[]], { error: "类型无效" });
