import { z } from "zod";
import { accounts, video } from "#gateway/api/index.ts";
import type { CommunityUnlockResult, Gift, PurchaseResult, Ticket } from "#gateway/api/content-types.ts";
import { encImageUrl } from "#server/content/media.ts";
import { detailFor } from "#server/content/video-calls.ts";
import { pageOfCallersVideos } from "#server/content/video.ts";
import type { DB } from "#server/db/index.ts";
import type { ServerSettings } from "#server/env.ts";
import { defineHandler, idInput, isoDate, paged, pageInput, type Caller } from "#server/http/registry.ts";
import { buyVideo, rewardCreator, ticketCount, unlockByPost } from "./purchases.ts";
import { clock } from "#server/clock.ts";

const id = idInput;

export const giftList = defineHandler(video.giftList, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 60_000,
  async handle({ db, origin }) {
    const rows = (await db.all("SELECT id, name, coins FROM gifts ORDER BY sort, id")) as Omit<Gift, "icon">[];
    return { data: rows.map((g) => ({ ...g, icon: encImageUrl(origin, `gift-${g.id}`, 96, 96, g.name) })) satisfies Gift[] };
  },
});

export const rewardHer = defineHandler(video.rewardHer, {
  auth: "member",
  input: z.object({ id: id("视频 id"), gift_id: id("礼物 id") }),
  handle: async ({ input, db, caller }) => ({ msg: "打赏成功", data: { coins: await rewardCreator(db, caller.user.id, input.id, input.gift_id) } }),
});

const buyInput = z.object({ id: id("视频 id"), request_id: z.string({ error: "request_id 应为文字" }).max(64, "request_id 最长 64 个字符").optional().default("") });
function purchase(method: "coins" | "ticket") {
  return async ({ input, db, origin, settings, caller }: { input: z.infer<typeof buyInput>; db: DB; origin: string; settings: ServerSettings; caller: Caller }) => {
    const r = await buyVideo(db, caller.user.id, input.id, method, input.request_id);
    const fresh = { ...caller, user: r.user };
    const data: PurchaseResult = {
      charged: r.charged ? 1 : 0,
      coins_spent: r.coinsSpent,
      coins: r.user.coins,
      tickets: await ticketCount(db, caller.user.id),
      video: await detailFor(db, origin, settings.mediaUrlSecret, fresh, input.id),
    };
    return { msg: r.charged ? "解锁成功" : "已购买过该视频", data };
  };
}

export const buyWithCoins = defineHandler(video.buyWithCoins, { auth: "member", input: buyInput, handle: purchase("coins") });
export const buyWithTicket = defineHandler(video.buyWithTicket, { auth: "member", input: buyInput, handle: purchase("ticket") });

export const communityUnlock = defineHandler(video.communityUnlock, {
  auth: "member",
  input: buyInput.extend({
    content: z
      .string({ error: "请输入分享语" })
      .trim()
      .min(video.SHARE_TEXT_LENGTH.min, `分享语至少 ${video.SHARE_TEXT_LENGTH.min} 个字`)
      .max(video.SHARE_TEXT_LENGTH.max, `分享语最多 ${video.SHARE_TEXT_LENGTH.max} 字`),
  }),
  async handle({ input, db, origin, settings, caller }) {
    const r = await unlockByPost(db, caller.user.id, input.id, input.content, input.request_id);
    const data: CommunityUnlockResult = {
      charged: r.charged ? 1 : 0,
      coins_spent: 0,
      coins: r.user.coins,
      tickets: await ticketCount(db, caller.user.id),
      video: await detailFor(db, origin, settings.mediaUrlSecret, { ...caller, user: r.user }, input.id),
      post_id: r.postId,
    };
    return { msg: r.charged ? "已分享到社区，视频已解锁" : "该视频已解锁", data };
  },
});

export const myPurchases = defineHandler(accounts.myPurchases, {
  auth: "member",
  input: pageInput,
  handle: async (ctx) => ({
    data: await pageOfCallersVideos(ctx, "JOIN purchases mp ON mp.item_id = i.id AND mp.user_id = @uid AND mp.unit_id = 0", "mp.created_at DESC, mp.id DESC", true),
  }),
});

export const myTickets = defineHandler(accounts.myTickets, {
  auth: "member",
  input: pageInput,
  async handle({ input, db, caller }) {
    const now = clock.now();
    const total = (await db.value("SELECT COUNT(*) FROM tickets WHERE user_id = ?", [caller.user.id]))!;
    // A stored 0 past its date is expired (2). Usable vouchers first, the soonest to expire on top; then used
    // ones; expired ones last (ORDER BY takes the derived status).
    const rows = (await db.all(`SELECT id, name, CASE WHEN status = 0 AND expires_at <= ? THEN 2 ELSE status END AS status, used_on, expires_at
       FROM tickets WHERE user_id = ? ORDER BY status, expires_at, id LIMIT ? OFFSET ?`, [now, caller.user.id, input.limit, (input.page - 1) * input.limit])) as { id: number; name: string; status: number; used_on: number | null; expires_at: number }[];
    const list: Ticket[] = rows.map((t) => ({ ...t, expires_at: isoDate(t.expires_at) }));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

export const moneyHandlers = [giftList, rewardHer, buyWithCoins, buyWithTicket, communityUnlock, myPurchases, myTickets];
