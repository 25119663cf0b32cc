import type { DB } from "#server/db/index.ts";
import { ApiError } from "#server/http/registry.ts";
import { buyUnit, type PurchaseOutcome } from "./purchases.ts";

/**
 * Unlocks a dating listing's contact details for a member, once (decision 036): the listing's price leaves the
 * balance inside one transaction with the member's row locked. A repeat, or a twin racing through another
 * process, finds the purchase and charges nothing. A listing hidden after reports is not sold.
 */
export async function buyDating(db: DB, userId: number, itemId: number, requestId: string): Promise<PurchaseOutcome> {
  return await buyUnit(db, {
    userId,
    itemId,
    requestId,
    reason: "buy_dating",
    price: async (db) => {
      const row = await db.get<{ coins: number; creator_id: number | null }>(
        "SELECT i.coins, i.creator_id FROM items i JOIN dating_listings l ON l.item_id = i.id WHERE i.id = ? AND i.kind = 'dating' AND l.hidden = 0",
        [itemId],
      );
      if (!row) throw new ApiError(404, "该信息不存在或正在审核");
      if (row.creator_id === userId) throw new ApiError(400, "这是你自己的信息，无需解锁");
      return row.coins;
    },
  });
}
