import { z } from "zod";
import { dating } from "#gateway/api/index.ts";
import type { DatingArea, DatingCard, DatingDetail } from "#gateway/api/dating.ts";
import { vipFlag, type UserRow } from "#server/accounts/users.ts";
import { toggleItemMark } from "#server/community/likes.ts";
import { reportItem, reportText } from "#server/community/reports.ts";
import { encImageUrl } from "#server/content/media.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, intInput, isoDate, paged, pageInput, type Caller } from "#server/http/registry.ts";
import { buyDating } from "#server/wallet/dating-purchase.ts";
import { ticketCount } from "#server/wallet/purchases.ts";
import { clock } from "#server/clock.ts";

// NOTE: no statement here selects `dating_listings.contact` but `contactOf`, which answers it only to a member
// who bought the listing (decision 036).

/** Members who report a listing (since its last review) before it is hidden until the platform reviews it. */
export const HIDE_AFTER_REPORTS = 3;

const NOT_FOUND = "该信息不存在或正在审核";

interface ListingRow {
  id: number;
  name: string;
  description: string;
  cover_seed: string;
  coins: number;
  like_count: number;
  comment_count: number;
  rating_sum: number;
  created_at: number;
  area_id: number;
  area: string;
  age: number;
  certified: number;
  is_pay: number;
}

const LISTING_SELECT = `SELECT i.id, i.title AS name, i.description, i.cover_seed, i.coins, i.like_count, i.comment_count, i.created_at,
    l.area_id, a.name AS area, l.age, l.certified,
    (SELECT COALESCE(SUM(r.rating), 0) FROM dating_reviews r WHERE r.item_id = i.id) AS rating_sum,
    CASE WHEN EXISTS (SELECT 1 FROM purchases bp WHERE bp.user_id = @uid AND bp.item_id = i.id AND bp.unit_id = 0) THEN 1 ELSE 0 END AS is_pay
  FROM items i JOIN dating_listings l ON l.item_id = i.id JOIN dating_areas a ON a.id = l.area_id`;

/** A listing's photo: a generated placeholder by its seed, or an uploaded image by its stored path. */
export const datingImageUrl = (origin: string, seed: string) => (seed.startsWith("/") ? `${origin}${seed}` : encImageUrl(origin, seed, 360, 480));

function toCard(origin: string, r: ListingRow): DatingCard {
  const intro = r.description;
  return {
    id: r.id,
    kind: "dating",
    name: r.name,
    age: r.age,
    area_id: r.area_id,
    area: r.area,
    summary: intro.length > 40 ? `${intro.slice(0, 40)}…` : intro,
    cover: datingImageUrl(origin, r.cover_seed),
    price: r.coins,
    certified: r.certified,
    like_count: r.like_count,
    comment_count: r.comment_count,
    rating: r.comment_count ? Math.round((Number(r.rating_sum) / r.comment_count) * 10) / 10 : 0,
    is_pay: r.is_pay,
    created_at: isoDate(r.created_at),
  };
}

const ORDER: Record<string, string> = {
  new: "l.certified DESC, i.created_at DESC, i.id DESC",
  hot: "i.hot DESC, i.id DESC",
  price: "i.coins, i.id DESC",
};

/** One page of visible listings; `from` joins a caller's list (likes, purchases) on `@uid`. */
async function pageOfListings(
  db: DB,
  opts: { origin: string; uid: number; page: number; limit: number; where?: string; params?: Record<string, unknown>; from?: string; order: string },
) {
  const from = opts.from ?? "";
  const where = `i.kind = 'dating' AND l.hidden = 0${opts.where ? ` AND ${opts.where}` : ""}`;
  const params = { uid: opts.uid, ...opts.params };
  const total = (await db.value(`SELECT COUNT(*) FROM items i JOIN dating_listings l ON l.item_id = i.id ${from} WHERE ${where}`, params))!;
  const rows = await db.all<ListingRow>(`${LISTING_SELECT} ${from} WHERE ${where} ORDER BY ${opts.order} LIMIT @limit OFFSET @offset`, {
    ...params,
    limit: opts.limit,
    offset: (opts.page - 1) * opts.limit,
  });
  return paged(
    rows.map((r) => toCard(opts.origin, r)),
    opts.page,
    opts.limit,
    total,
  );
}

async function listingRow(db: DB, id: number, uid: number): Promise<ListingRow> {
  const row = await db.get<ListingRow>(`${LISTING_SELECT} WHERE i.id = @id AND i.kind = 'dating' AND l.hidden = 0`, { id, uid });
  if (!row) throw new ApiError(404, NOT_FOUND);
  return row;
}

/** The contact details, for a member who bought the listing; null for anyone else. */
async function contactOf(db: DB, itemId: number, caller: Caller): Promise<string | null> {
  if (!caller.isMember) return null;
  const row = await db.get<{ contact: string }>(
    "SELECT l.contact FROM dating_listings l JOIN purchases p ON p.item_id = l.item_id AND p.user_id = ? AND p.unit_id = 0 WHERE l.item_id = ?",
    [caller.user.id, itemId],
  );
  return row?.contact ?? null;
}

/** A listing as its screen shows it, for this caller. */
export async function listingDetail(db: DB, origin: string, caller: Caller, id: number): Promise<DatingDetail> {
  const row = await listingRow(db, id, caller.user.id);
  const images = await db.all<{ seed: string }>("SELECT seed FROM item_images WHERE item_id = ? ORDER BY seq", [id]);
  const liked = caller.isMember && (await db.get("SELECT 1 FROM likes WHERE user_id = ? AND item_id = ?", [caller.user.id, id])) !== undefined;
  return {
    ...toCard(origin, row),
    intro: row.description,
    images: images.map((i) => datingImageUrl(origin, i.seed)),
    is_like: liked ? 1 : 0,
    contact: row.is_pay ? await contactOf(db, id, caller) : null,
    viewer: await viewerOf(db, caller.user, caller.isMember),
  };
}

async function viewerOf(db: DB, user: UserRow, isMember: boolean): Promise<DatingDetail["viewer"]> {
  return { coins: isMember ? user.coins : 0, vip: vipFlag(user), tickets: isMember ? await ticketCount(db, user.id) : 0, community_left: 0, is_member: isMember ? 1 : 0 };
}

const id = idInput;
const listingId = z.object({ id: id("信息 id") });

export const listFilter = defineHandler(dating.listFilter, {
  auth: "guest",
  input: pageInput.extend({
    area_id: id("地区").optional(),
    price_min: intInput("价格下限无效", { min: 0 }).optional(),
    price_max: intInput("价格上限无效", { min: 0 }).optional(),
    certified: intInput("认证筛选无效", { min: 0, max: 1 }).optional(),
    sort: z.enum(["new", "hot", "price"], { error: "排序方式无效" }).optional().default("new"),
  }),
  async handle({ input, db, origin, caller }) {
    const where: string[] = [];
    if (input.area_id !== undefined) where.push("l.area_id = @area");
    if (input.price_min !== undefined) where.push("i.coins >= @min");
    if (input.price_max !== undefined) where.push("i.coins <= @max");
    if (input.certified) where.push("l.certified = 1");
    return {
      data: await pageOfListings(db, {
        origin,
        uid: caller.user.id,
        page: input.page,
        limit: input.limit,
        where: where.join(" AND "),
        params: { area: input.area_id, min: input.price_min, max: input.price_max },
        order: ORDER[input.sort]!,
      }),
    };
  },
});

export const listArea = defineHandler(dating.listArea, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 10_000,
  handle: async ({ db }) => ({ data: await datingAreas(db) }),
});

/** The areas with the number of listings shown in each. */
export async function datingAreas(db: DB): Promise<DatingArea[]> {
  return await db.all<DatingArea>(
    `SELECT a.id, a.name, (SELECT COUNT(*) FROM dating_listings l WHERE l.area_id = a.id AND l.hidden = 0) AS count
     FROM dating_areas a ORDER BY a.sort, a.id`,
  );
}

export const detail = defineHandler(dating.detail, {
  auth: "guest",
  input: listingId,
  handle: async ({ input, db, origin, caller }) => ({ data: await listingDetail(db, origin, caller, input.id) }),
});

export const toggleLike = defineHandler(dating.toggleLike, {
  auth: "member",
  input: listingId,
  async handle({ input, db, caller }) {
    await listingRow(db, input.id, caller.user.id);
    const r = await toggleItemMark(db, caller.user.id, input.id, "likes");
    return { msg: r.on ? "已喜欢" : "已取消喜欢", data: { is_like: r.on, like_count: r.count } };
  },
});

export const buy = defineHandler(dating.buy, {
  auth: "member",
  input: listingId.extend({ request_id: z.string({ error: "request_id 应为文字" }).max(64, "request_id 最长 64 个字符").optional().default("") }),
  async handle({ input, db, origin, caller }) {
    const r = await buyDating(db, caller.user.id, input.id, input.request_id);
    const listing = await listingDetail(db, origin, { ...caller, user: r.user }, input.id);
    return { msg: r.charged ? "解锁成功" : "已解锁过该信息", data: { charged: r.charged ? 1 : 0, coins_spent: r.coinsSpent, coins: r.user.coins, listing } };
  },
});

/** A page of one of the caller's own lists of listings: `from` joins the list's rows on `@uid`, `order` sorts by them. */
const callersListings = (from: string, order: string) =>
  async ({ input, db, origin, caller }: { input: { page: number; limit: number }; db: DB; origin: string; caller: Caller }) => ({
    data: await pageOfListings(db, { origin, uid: caller.user.id, page: input.page, limit: input.limit, from, order }),
  });

export const listMyBuy = defineHandler(dating.listMyBuy, {
  auth: "member",
  input: pageInput,
  handle: callersListings("JOIN purchases mp ON mp.item_id = i.id AND mp.user_id = @uid AND mp.unit_id = 0", "mp.created_at DESC, mp.id DESC"),
});

export const listMyLike = defineHandler(dating.listMyLike, {
  auth: "member",
  input: pageInput,
  handle: callersListings("JOIN likes ml ON ml.item_id = i.id AND ml.user_id = @uid", "ml.created_at DESC, i.id DESC"),
});

export const report = defineHandler(dating.report, {
  auth: "member",
  input: listingId.extend({ type_id: id("举报类型"), content: reportText }),
  async handle({ input, db, caller }) {
    await listingRow(db, input.id, caller.user.id);
    const again = await reportItem(db, caller.user.id, input.id, input.type_id, input.content);
    await hideWhenReported(db, input.id);
    return { msg: again ? "举报已更新" : "举报已提交", data: { ok: true as const } };
  },
});

/** Hides a listing once `HIDE_AFTER_REPORTS` members have reported it since it was last reviewed. */
async function hideWhenReported(db: DB, itemId: number): Promise<void> {
  const reviewedAt = (await db.value<number>("SELECT reviewed_at FROM dating_listings WHERE item_id = ?", [itemId])) ?? 0;
  const reporters = (await db.value("SELECT COUNT(DISTINCT user_id) FROM reports WHERE target = 'item' AND item_id = ? AND created_at > ?", [itemId, reviewedAt]))!;
  if (reporters >= HIDE_AFTER_REPORTS) await db.run("UPDATE dating_listings SET hidden = 1 WHERE item_id = ? AND hidden = 0", [itemId]);
}

/**
 * The platform's review of a reported listing: shown again (`keep`), or left hidden. Reports before the review
 * no longer count. For the operator (no call of the app).
 */
export async function reviewReportedListing(db: DB, itemId: number, keep: boolean): Promise<void> {
  await db.run("UPDATE dating_listings SET hidden = ?, reviewed_at = ? WHERE item_id = ?", [keep ? 0 : 1, clock.now(), itemId]);
}

export const listingHandlers = [listFilter, listArea, detail, toggleLike, buy, listMyBuy, listMyLike, report];
