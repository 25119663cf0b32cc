import type { DB } from "../db/index.ts";
import { sql } from "../db/prepared.ts";
import { ApiError } from "../http/registry.ts";
import type { UserRow } from "../accounts/users.ts";
import { userById } from "../accounts/users.ts";
import { canWatch, itemById } from "./videos.ts";

// Money moves only here: every coin leaves a balance inside one transaction, with a spending record.

export type PurchaseMethod = "coins" | "ticket" | "community";

export interface PurchaseOutcome {
  charged: boolean;
  coinsSpent: number;
  user: UserRow;
}

function unusedTicket(db: DB, userId: number, now: number): { id: number } | undefined {
  return sql(db, "SELECT id FROM tickets WHERE user_id = ? AND status = 0 AND expires_at > ? ORDER BY expires_at, id LIMIT 1").get(userId, now) as
    | { id: number }
    | undefined;
}

export function ticketCount(db: DB, userId: number): number {
  return sql(db, "SELECT COUNT(*) FROM tickets WHERE user_id = ? AND status = 0 AND expires_at > ?").pluck().get(userId, Date.now()) as number;
}

/** Takes coins from a member, or refuses with the balance and the amount; records why. */
function charge(db: DB, userId: number, coins: number, itemId: number | null, reason: string, now: number): number {
  const changed = sql(db, "UPDATE users SET coins = coins - ?, consumption = consumption + ?, updated_at = ? WHERE id = ? AND coins >= ?").run(coins, coins, now, userId, coins).changes;
  const balance = sql(db, "SELECT coins FROM users WHERE id = ?").pluck().get(userId) as number;
  if (changed !== 1) throw new ApiError(400, `金币不足，当前余额 ${balance} 金币，需要 ${coins} 金币`);
  sql(db, "INSERT INTO spending (user_id, item_id, coins, reason, balance_after, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(userId, itemId, coins, reason, balance, now);
  return balance;
}

/**
 * Unlocks a video for a member, once. A repeat (a double tap, a retried request) finds the purchase and
 * charges nothing; a video the member may already watch is not sold.
 */
export function buyVideo(db: DB, userId: number, itemId: number, method: PurchaseMethod, requestId: string): PurchaseOutcome {
  return db.transaction((): PurchaseOutcome => {
    const now = Date.now();
    const user = userById(db, userId)!;
    const item = itemById(db, itemId, userId);
    if (!item) throw new ApiError(404, "视频不存在或已下架");
    if (item.is_pay) return { charged: false, coinsSpent: 0, user };
    if (canWatch(item, user)) throw new ApiError(400, "该视频可以直接观看，无需购买");
    let coins = 0;
    if (method === "ticket") {
      const ticket = unusedTicket(db, userId, now);
      if (!ticket) throw new ApiError(400, "没有可用的观影券");
      sql(db, "UPDATE tickets SET status = 1, used_on = ? WHERE id = ? AND status = 0").run(itemId, ticket.id);
    } else {
      if (item.coins <= 0) throw new ApiError(400, "该视频仅限 VIP 观看");
      coins = item.coins;
      charge(db, userId, coins, itemId, "buy_video", now);
    }
    sql(db, "INSERT INTO purchases (user_id, item_id, method, coins, request_id, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(userId, itemId, method, coins, requestId.slice(0, 64), now);
    return { charged: true, coinsSpent: coins, user: userById(db, userId)! };
  }).immediate();
}

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Midnight of the current day in China time, where the daily allowance restarts. */
export function startOfChinaDay(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** Community unlocks a member has left today: `users.can_watch` a day, less those used since midnight. */
export function communityUnlocksLeft(db: DB, user: Pick<UserRow, "id" | "can_watch">, now = Date.now()): number {
  const used = sql(db, "SELECT COUNT(*) FROM purchases WHERE user_id = ? AND method = 'community' AND created_at >= ?").pluck().get(user.id, startOfChinaDay(now)) as number;
  return Math.max(0, user.can_watch - used);
}

export interface CommunityOutcome extends PurchaseOutcome {
  /** The circle post that shared the video; 0 when the video had been unlocked before. */
  postId: number;
}

/**
 * Community unlock: the member shares a locked video to the circle with a few words of their own, and the
 * post unlocks the video for them. No coins move; each day allows `users.can_watch` of these. Like a coin
 * purchase it happens once per video, so a retry or a double tap neither posts twice nor uses the allowance.
 */
export function unlockByPost(db: DB, userId: number, itemId: number, content: string, requestId: string): CommunityOutcome {
  return db.transaction((): CommunityOutcome => {
    const now = Date.now();
    const user = userById(db, userId)!;
    const item = itemById(db, itemId, userId);
    if (!item) throw new ApiError(404, "视频不存在或已下架");
    if (item.is_pay) return { charged: false, coinsSpent: 0, user, postId: 0 };
    if (canWatch(item, user)) throw new ApiError(400, "该视频可以直接观看，无需解锁");
    if (item.coins <= 0) throw new ApiError(400, "该视频仅限 VIP 观看");
    if (communityUnlocksLeft(db, user, now) <= 0) throw new ApiError(400, `今日社区解锁次数已用完（每天 ${user.can_watch} 次），明天再来吧`);
    const post = sql(
      db,
      `INSERT INTO items (kind, section, title, description, cover_seed, cover_ratio, creator_id, quote_item_id, created_at)
       VALUES ('post', 'circle', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(content.length > 30 ? `${content.slice(0, 30)}…` : content, content, item.cover_seed, item.cover_ratio, userId, itemId, now);
    sql(db, "INSERT INTO purchases (user_id, item_id, method, coins, request_id, created_at) VALUES (?, ?, 'community', 0, ?, ?)").run(userId, itemId, requestId.slice(0, 64), now);
    return { charged: true, coinsSpent: 0, user, postId: Number(post.lastInsertRowid) };
  }).immediate();
}

/** A gift to the creator of an item: the gift's price leaves the member's balance. */
export function rewardCreator(db: DB, userId: number, itemId: number, giftId: number): number {
  return db.transaction(() => {
    const now = Date.now();
    const item = sql(db, "SELECT id, creator_id FROM items WHERE id = ?").get(itemId) as { id: number; creator_id: number | null } | undefined;
    if (!item) throw new ApiError(404, "视频不存在或已下架");
    const gift = sql(db, "SELECT id, coins FROM gifts WHERE id = ?").get(giftId) as { id: number; coins: number } | undefined;
    if (!gift) throw new ApiError(400, "礼物不存在");
    if (item.creator_id === userId) throw new ApiError(400, "不能打赏自己");
    const balance = charge(db, userId, gift.coins, itemId, "reward", now);
    sql(db, "INSERT INTO rewards (user_id, item_id, creator_id, gift_id, coins, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(userId, itemId, item.creator_id, giftId, gift.coins, now);
    // A gift counts towards the giver's standing in the creator's fan club.
    if (item.creator_id) sql(db, "UPDATE club_members SET score = score + ? WHERE creator_id = ? AND user_id = ?").run(gift.coins, item.creator_id, userId);
    return balance;
  }).immediate();
}

/** Joins a creator's fan club, paying its fee once; false when already a member. The fee counts as score. */
export function joinClubPaying(db: DB, userId: number, creatorId: number, fee: number): boolean {
  return db.transaction(() => {
    if (sql(db, "SELECT 1 FROM club_members WHERE creator_id = ? AND user_id = ?").get(creatorId, userId)) return false;
    const now = Date.now();
    if (fee > 0) charge(db, userId, fee, null, "join_club", now);
    sql(db, "INSERT INTO club_members (creator_id, user_id, score, joined_at) VALUES (?, ?, ?, ?)").run(creatorId, userId, fee, now);
    return true;
  }).immediate();
}

/** What an exchange code gives: coins, days of VIP, or vouchers. */
export type ExchangeKind = "coins" | "vip" | "ticket";

export interface ExchangeOutcome {
  kind: ExchangeKind;
  amount: number;
  user: UserRow & { vip_expires_at: number };
}

/** How long a voucher from an exchange code stays usable. */
export const EXCHANGED_TICKET_DAYS = 30;

/**
 * Redeems an exchange code, once per code: the first member to send it gets what it gives; anyone after is
 * refused. Coins are credited like a purchase is charged, with a ledger line (a negative spend).
 */
export function redeemExchangeCode(db: DB, userId: number, code: string): ExchangeOutcome {
  return db.transaction((): ExchangeOutcome => {
    const now = Date.now();
    const row = sql(db, "SELECT kind, amount, used_by FROM exchange_codes WHERE code = ?").get(code) as { kind: string; amount: number; used_by: number | null } | undefined;
    if (!row) throw new ApiError(400, "兑换码不存在，请检查后重试");
    if (row.used_by !== null) throw new ApiError(400, row.used_by === userId ? "你已使用过该兑换码" : "该兑换码已被使用");
    if (sql(db, "UPDATE exchange_codes SET used_by = ?, used_at = ? WHERE code = ? AND used_by IS NULL").run(userId, now, code).changes !== 1) {
      throw new ApiError(400, "该兑换码已被使用");
    }
    const kind = row.kind as ExchangeKind;
    if (kind === "coins") {
      sql(db, "UPDATE users SET coins = coins + ?, coins_total = coins_total + ?, updated_at = ? WHERE id = ?").run(row.amount, row.amount, now, userId);
      const balance = sql(db, "SELECT coins FROM users WHERE id = ?").pluck().get(userId) as number;
      sql(db, "INSERT INTO spending (user_id, item_id, coins, reason, balance_after, created_at) VALUES (?, NULL, ?, 'exchange_code', ?, ?)").run(userId, -row.amount, balance, now);
    } else if (kind === "vip") {
      // Days add to the VIP time left, or start today.
      sql(
        db,
        "UPDATE users SET vip = CASE WHEN vip > 0 THEN vip ELSE 1 END, vip_expires_at = (CASE WHEN vip_expires_at > ? THEN vip_expires_at ELSE ? END) + ?, updated_at = ? WHERE id = ?",
      ).run(now, now, row.amount * DAY_MS, now, userId);
    } else if (kind === "ticket") {
      const insert = sql(db, "INSERT INTO tickets (user_id, name, status, expires_at, created_at) VALUES (?, '兑换观影券', 0, ?, ?)");
      for (let i = 0; i < row.amount; i++) insert.run(userId, now + EXCHANGED_TICKET_DAYS * DAY_MS, now);
    } else {
      throw new ApiError(500, "兑换码配置有误，请联系客服");
    }
    return { kind, amount: row.amount, user: userById(db, userId) as UserRow & { vip_expires_at: number } };
  }).immediate();
}
