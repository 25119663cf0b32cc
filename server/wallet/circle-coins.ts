import { userById } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError } from "#server/http/registry.ts";
import { buyUnit, charge, lockMember, type PurchaseOutcome } from "./purchases.ts";
import { clock } from "#server/clock.ts";

// Coins of scandal news and the post circle (decision 040): an article's paid part, and rewards of requests.

/** Unlocks the paid part of an article, once; a repeat finds the purchase and charges nothing. */
export async function buyNews(db: DB, userId: number, itemId: number, requestId: string): Promise<PurchaseOutcome> {
  return await buyUnit(db, {
    userId,
    itemId,
    requestId,
    reason: "buy_news",
    price: async (db) => {
      const item = await db.get<{ coins: number }>("SELECT coins FROM items WHERE id = ? AND kind = 'news' AND hidden = 0", [itemId]);
      if (!item) throw new ApiError(404, "文章不存在或已下架");
      if (item.coins <= 0) throw new ApiError(400, "该文章免费，无需购买");
      return item.coins;
    },
  });
}

/**
 * Moves `coins` from the member to a request's reward, once per `requestId`. The member's row is locked before
 * the ledger (`find_rewards`, unique per member and request id) is read, so a twin, from any process, waits and
 * then finds the first one's row: it answers the reward as it is and moves nothing. Runs in the caller's
 * transaction when there is one (posting a request with a reward). Answers the reward and the balance.
 */
export async function addToReward(db: DB, userId: number, itemId: number, coins: number, requestId: string): Promise<{ reward: number; coins: number; added: boolean }> {
  return await db.transaction(async (db) => {
    await lockMember(db, userId);
    const now = clock.now();
    const read = async (added: boolean) => ({
      reward: (await db.value<number>("SELECT coins FROM items WHERE id = ?", [itemId])) ?? 0,
      coins: (await userById(db, userId))?.coins ?? 0,
      added,
    });
    if (requestId && (await db.get("SELECT 1 FROM find_rewards WHERE user_id = ? AND request_id = ?", [userId, requestId]))) return await read(false);
    const post = await db.get<{ is_request: number }>("SELECT is_request FROM items WHERE id = ? AND kind = 'post'", [itemId]);
    if (!post) throw new ApiError(404, "帖子不存在或已删除");
    if (!post.is_request) throw new ApiError(400, "只有求片帖可以追加悬赏");
    await charge(db, userId, coins, itemId, "find_reward", now);
    await db.run("INSERT INTO find_rewards (item_id, user_id, coins, request_id, created_at) VALUES (?, ?, ?, ?, ?)", [itemId, userId, coins, requestId || `none-${now}-${Math.random()}`, now]);
    await db.run("UPDATE items SET coins = coins + ?, hot = hot + ? WHERE id = ?", [coins, coins, itemId]);
    return await read(true);
  });
}
