import type { DB } from "#server/db/index.ts";
import { ApiError } from "#server/http/registry.ts";
import { unitIsOpen } from "./book-sales.ts";
import { buyUnit, type PurchaseOutcome } from "./purchases.ts";

/** Kinds sold only whole (decision 045): a picture set, a game. */
export type WholeItemKind = "picture" | "game";

const NOUN: Record<WholeItemKind, string> = { picture: "图集", game: "游戏" };

/**
 * Sells a whole picture set or game to a member, once: the price leaves the balance inside one transaction with
 * the member's row locked; a repeat, or a twin racing through another process, finds the purchase and charges
 * nothing. An item already open to the member (free, or VIP-free for a VIP) is not sold.
 */
export async function buyWholeItem(db: DB, kind: WholeItemKind, userId: number, itemId: number, requestId: string): Promise<PurchaseOutcome> {
  return await buyUnit(db, {
    userId,
    itemId,
    requestId,
    reason: `buy_${kind}`,
    price: async (db, user) => {
      const row = await db.get<{ coins: number; vip_free: number }>("SELECT coins, vip_free FROM items WHERE id = ? AND kind = ? AND hidden = 0", [itemId, kind]);
      if (!row) throw new ApiError(404, `${NOUN[kind]}不存在或已下架`);
      if (unitIsOpen(user, row)) throw new ApiError(400, `该${NOUN[kind]}免费开放，无需购买`);
      return Number(row.coins);
    },
  });
}
