import type { UserRow } from "#server/accounts/users.ts";
import { userById } from "#server/accounts/users.ts";
import { canWatch, itemById } from "#server/content/video.ts";
import { isUniqueViolation } from "#server/db/database.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError } from "#server/http/registry.ts";
import { clock } from "#server/clock.ts";

// Money moves only here: every coin leaves a balance inside one transaction, with a spending record. Each such
// transaction first locks the member's row (decision 028), so two purchases by one member run one after the
// other, also from two gateway processes on one PostgreSQL database.

export type PurchaseMethod = "coins" | "ticket" | "community";

export interface PurchaseOutcome {
  charged: boolean;
  coinsSpent: number;
  user: UserRow;
}

/**
 * Locks the member's row until the transaction ends (PostgreSQL; on SQLite the transaction already holds the
 * write lock). Call it first in every transaction that charges or credits a member, then re-read what counts.
 */
export async function lockMember(db: DB, userId: number): Promise<void> {
  await db.get(`SELECT id FROM users WHERE id = ?${db.forUpdate}`, [userId]);
}

async function unusedTicket(db: DB, userId: number, now: number): Promise<{ id: number } | undefined> {
  return await db.get<{ id: number }>("SELECT id FROM tickets WHERE user_id = ? AND status = 0 AND expires_at > ? ORDER BY expires_at, id LIMIT 1", [userId, now]);
}

export async function ticketCount(db: DB, userId: number): Promise<number> {
  return (await db.value("SELECT COUNT(*) FROM tickets WHERE user_id = ? AND status = 0 AND expires_at > ?", [userId, clock.now()]))!;
}

/**
 * A line of the coin ledger (`spending`): what left the member's balance (negative for what came in), why, and
 * the balance after. Every coin that moves leaves one.
 */
export async function ledgerLine(db: DB, line: { userId: number; coins: number; reason: string; balanceAfter: number; now: number; itemId?: number | null; unitId?: number }) {
  await db.run("INSERT INTO spending (user_id, item_id, unit_id, coins, reason, balance_after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)", [
    line.userId,
    line.itemId ?? null,
    line.unitId ?? 0,
    line.coins,
    line.reason,
    line.balanceAfter,
    line.now,
  ]);
}

/** Takes coins from a member, or refuses with the balance and the amount; records why (and for which unit). */
export async function charge(db: DB, userId: number, coins: number, itemId: number | null, reason: string, now: number, unitId = 0): Promise<number> {
  const changed = await db.run("UPDATE users SET coins = coins - ?, consumption = consumption + ?, updated_at = ? WHERE id = ? AND coins >= ?", [coins, coins, now, userId, coins]);
  const balance = (await db.value<number>("SELECT coins FROM users WHERE id = ?", [userId]))!;
  if (changed !== 1) throw new ApiError(400, `金币不足，当前余额 ${balance} 金币，需要 ${coins} 金币`);
  await ledgerLine(db, { userId, coins, reason, balanceAfter: balance, now, itemId, unitId });
  return balance;
}

/**
 * Gives a member coins they bought or were given (they count in `coins_total`), with a ledger line; the caller's
 * transaction has locked the member's row. Answers the balance.
 */
export async function credit(db: DB, userId: number, coins: number, reason: string, now: number): Promise<number> {
  await db.run("UPDATE users SET coins = coins + ?, coins_total = coins_total + ?, updated_at = ? WHERE id = ?", [coins, coins, now, userId]);
  const balance = (await db.value<number>("SELECT coins FROM users WHERE id = ?", [userId]))!;
  await ledgerLine(db, { userId, coins: -coins, reason, balanceAfter: balance, now });
  return balance;
}

/** Whether the member owns the unit: bought it, or bought the whole item (unit 0) (decision 031). */
async function owns(db: DB, userId: number, itemId: number, unitId: number): Promise<boolean> {
  return (await db.get("SELECT 1 FROM purchases WHERE user_id = ? AND item_id = ? AND unit_id IN (0, ?)", [userId, itemId, unitId])) !== undefined;
}

/** The purchase insert lost a race to a twin (another request, another process): the unit is already bought. */
class AlreadyBought extends Error {}

/** Records a purchase; a unique violation (a twin got there first) becomes `AlreadyBought`, rolling the transaction back. */
async function recordPurchase(db: DB, p: { userId: number; itemId: number; unitId: number; method: string; coins: number; requestId: string; now: number }): Promise<void> {
  try {
    await db.run("INSERT INTO purchases (user_id, item_id, unit_id, method, coins, request_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)", [
      p.userId,
      p.itemId,
      p.unitId,
      p.method,
      p.coins,
      p.requestId.slice(0, 64),
      p.now,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AlreadyBought();
    throw error;
  }
}

/** One sale of one unit of an item: the whole item (unit 0: a video, a whole book) or one episode or chapter. */
export interface UnitSale {
  userId: number;
  itemId: number;
  /** 0 (the default): the whole item; else an `item_units.id`. */
  unitId?: number;
  /** Coins unless said otherwise. */
  method?: "coins" | "ticket";
  requestId: string;
  /**
   * The unit's price in coins for this member, read inside the transaction after the member's row is locked
   * and after the ownership check: it refuses (throws an ApiError) a sale that may not happen, such as a unit
   * the member may already watch or read, or one not sold for coins.
   */
  price: (db: DB, user: UserRow) => Promise<number>;
  /** The spending record's reason (`buy_video`, …). */
  reason: string;
}

/**
 * Sells a unit to a member, once. A repeat (a double tap, a retried request, a twin racing through another
 * process) finds the purchase and charges nothing (`charged: false`). With a voucher no coins move; with coins
 * the price leaves the balance, or the sale is refused with the balance and the price. Call it outside any
 * transaction: it runs its own, and answers a unique violation only after that one has rolled back.
 */
export async function buyUnit(db: DB, { unitId = 0, method = "coins", ...sale }: UnitSale): Promise<PurchaseOutcome> {
  try {
    return await db.transaction(async (db): Promise<PurchaseOutcome> => {
      const now = clock.now();
      await lockMember(db, sale.userId);
      const user = (await userById(db, sale.userId))!;
      if (await owns(db, sale.userId, sale.itemId, unitId)) return { charged: false, coinsSpent: 0, user };
      const price = await sale.price(db, user);
      let coins = 0;
      if (method === "ticket") {
        const ticket = await unusedTicket(db, sale.userId, now);
        if (!ticket) throw new ApiError(400, "没有可用的观影券");
        await db.run("UPDATE tickets SET status = 1, used_on = ? WHERE id = ? AND status = 0", [sale.itemId, ticket.id]);
      } else {
        coins = price;
        if (coins > 0) await charge(db, sale.userId, coins, sale.itemId, sale.reason, now, unitId);
      }
      await recordPurchase(db, { userId: sale.userId, itemId: sale.itemId, unitId, method, coins, requestId: sale.requestId, now });
      return { charged: true, coinsSpent: coins, user: (await userById(db, sale.userId))! };
    });
  } catch (error) {
    // Rolled back: nothing was charged. The twin that won answers the purchase; this one finds it.
    if (error instanceof AlreadyBought) return { charged: false, coinsSpent: 0, user: (await userById(db, sale.userId))! };
    throw error;
  }
}

/**
 * Unlocks a video for a member, once. A repeat (a double tap, a retried request) finds the purchase and
 * charges nothing; a video the member may already watch is not sold.
 */
export async function buyVideo(db: DB, userId: number, itemId: number, method: "coins" | "ticket", requestId: string): Promise<PurchaseOutcome> {
  return await buyUnit(db, {
    userId,
    itemId,
    method,
    requestId,
    reason: "buy_video",
    price: async (db, user) => {
      const item = await itemById(db, itemId, userId);
      if (!item) throw new ApiError(404, "视频不存在或已下架");
      if (canWatch(item, user)) throw new ApiError(400, "该视频可以直接观看，无需购买");
      if (method === "coins" && item.coins <= 0) throw new ApiError(400, "该视频仅限 VIP 观看");
      return item.coins;
    },
  });
}

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Midnight of the current day in China time, where the daily allowance restarts. */
export function startOfChinaDay(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** Community unlocks a member has left today: `users.can_watch` a day, less those used since midnight. */
export async function communityUnlocksLeft(db: DB, user: Pick<UserRow, "id" | "can_watch">, now = clock.now()): Promise<number> {
  const used = (await db.value("SELECT COUNT(*) FROM purchases WHERE user_id = ? AND method = 'community' AND created_at >= ?", [user.id, startOfChinaDay(now)]))!;
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
export async function unlockByPost(db: DB, userId: number, itemId: number, content: string, requestId: string): Promise<CommunityOutcome> {
  try {
    return await db.transaction(async (db): Promise<CommunityOutcome> => {
      const now = clock.now();
      // No coins move, but the day's allowance does: the member's unlocks run one at a time.
      await lockMember(db, userId);
      const user = (await userById(db, userId))!;
      const item = await itemById(db, itemId, userId);
      if (!item) throw new ApiError(404, "视频不存在或已下架");
      if (item.is_pay) return { charged: false, coinsSpent: 0, user, postId: 0 };
      if (canWatch(item, user)) throw new ApiError(400, "该视频可以直接观看，无需解锁");
      if (item.coins <= 0) throw new ApiError(400, "该视频仅限 VIP 观看");
      if ((await communityUnlocksLeft(db, user, now)) <= 0) throw new ApiError(400, `今日社区解锁次数已用完（每天 ${user.can_watch} 次），明天再来吧`);
      const postId = await db.insert(
        `INSERT INTO items (kind, section, title, description, cover_seed, cover_ratio, creator_id, quote_item_id, created_at)
         VALUES ('headline', 'circle', ?, ?, ?, ?, ?, ?, ?)`,
        [content.length > 30 ? `${content.slice(0, 30)}…` : content, content, item.cover_seed, item.cover_ratio, userId, itemId, now],
      );
      await recordPurchase(db, { userId, itemId, unitId: 0, method: "community", coins: 0, requestId, now });
      return { charged: true, coinsSpent: 0, user, postId };
    });
  } catch (error) {
    // A twin unlocked it first; this one's post was rolled back with it.
    if (error instanceof AlreadyBought) return { charged: false, coinsSpent: 0, user: (await userById(db, userId))!, postId: 0 };
    throw error;
  }
}

/** A gift to the creator of an item: the gift's price leaves the member's balance. */
export async function rewardCreator(db: DB, userId: number, itemId: number, giftId: number): Promise<number> {
  return await db.transaction(async (db) => {
    const now = clock.now();
    await lockMember(db, userId);
    // Nothing hidden by reports or removed is gifted (decision 073): nobody but its creator sees it.
    const item = await db.get<{ id: number; creator_id: number | null }>("SELECT id, creator_id FROM items WHERE id = ? AND hidden = 0", [itemId]);
    if (!item) throw new ApiError(404, "视频不存在或已下架");
    const gift = await db.get<{ id: number; coins: number }>("SELECT id, coins FROM gifts WHERE id = ?", [giftId]);
    if (!gift) throw new ApiError(400, "礼物不存在");
    if (item.creator_id === userId) throw new ApiError(400, "不能打赏自己");
    const balance = await charge(db, userId, gift.coins, itemId, "reward", now);
    await db.run("INSERT INTO rewards (user_id, item_id, creator_id, gift_id, coins, created_at) VALUES (?, ?, ?, ?, ?, ?)", [userId, itemId, item.creator_id, giftId, gift.coins, now]);
    // A gift counts towards the giver's standing in the creator's fan club.
    if (item.creator_id) await db.run("UPDATE club_members SET score = score + ? WHERE creator_id = ? AND user_id = ?", [gift.coins, item.creator_id, userId]);
    return balance;
  });
}

/** Joins a creator's fan club, paying its fee once; false when already a member. The fee counts as score. */
export async function joinClubPaying(db: DB, userId: number, creatorId: number, fee: number): Promise<boolean> {
  return await db.transaction(async (db) => {
    await lockMember(db, userId);
    if (await db.get("SELECT 1 FROM club_members WHERE creator_id = ? AND user_id = ?", [creatorId, userId])) return false;
    const now = clock.now();
    if (fee > 0) await charge(db, userId, fee, null, "join_club", now);
    await db.run("INSERT INTO club_members (creator_id, user_id, score, joined_at) VALUES (?, ?, ?, ?)", [creatorId, userId, fee, now]);
    return true;
  });
}
