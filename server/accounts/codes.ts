import { z } from "zod";
import { accounts, services } from "#gateway/api/index.ts";
import type { ExchangeResult, Invitee } from "#gateway/api/types.ts";
import { avatarUrl } from "#server/content/media.ts";
import { ApiError, defineHandler, isoDate, paged, pageInput } from "#server/http/registry.ts";
import { redeemExchangeCode } from "#server/wallet/exchange-codes.ts";
import { ticketCount } from "#server/wallet/purchases.ts";
import { userByAffCode, vipEnd, vipFlag } from "./users.ts";
import { clock } from "#server/clock.ts";

// Invitation codes (each member's `aff_code`) and exchange codes.

const { MAX_AFF_CODE, MAX_EXCHANGE_CODE } = accounts;
const code = (what: string, max: number) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(max, `${what}无效`)
    .transform((v) => v.toUpperCase());

/** The members the caller invited, newest first. */
export const inviteList = defineHandler(accounts.inviteList, {
  auth: "member",
  input: pageInput,
  async handle({ input, db, origin, caller }) {
    const total = await db.value("SELECT COUNT(*) FROM users WHERE invited_by = ?", [caller.user.id]) as number;
    const rows = (await db.all("SELECT id, nickname, username, avatar_url, created_at FROM users WHERE invited_by = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?", [caller.user.id, input.limit, (input.page - 1) * input.limit])) as { id: number; nickname: string; username: string; avatar_url: string; created_at: number }[];
    const list: Invitee[] = rows.map((r) => ({ uid: r.id, nickname: r.nickname || r.username, avatar_url: avatarUrl(origin, r), created_at: isoDate(r.created_at) }));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

/** Binds the caller to an inviter, once: the code of someone else, who was not invited by the caller. */
export const invitation = defineHandler(accounts.invitation, {
  auth: "member",
  input: z.object({ aff_code: code("邀请码", MAX_AFF_CODE) }),
  async handle({ input, db, caller }) {
    const me = caller.user;
    if (me.invited_by !== null) throw new ApiError(400, "你已绑定过邀请人");
    const inviter = await userByAffCode(db, input.aff_code);
    if (!inviter) throw new ApiError(400, "邀请码不存在");
    if (inviter.id === me.id) throw new ApiError(400, "不能填写自己的邀请码");
    if (inviter.invited_by === me.id) throw new ApiError(400, "不能绑定你邀请的人");
    // Guarded in the statement too: two binds at once leave the first.
    if ((await db.run("UPDATE users SET invited_by = ?, invite_by_code = ?, updated_at = ? WHERE id = ? AND invited_by IS NULL", [inviter.id, inviter.aff_code, clock.now(), me.id])) !== 1) {
      throw new ApiError(400, "你已绑定过邀请人");
    }
    return { msg: "绑定成功", data: { invite_by_code: inviter.aff_code } };
  },
});

export const exchangeCode = defineHandler(accounts.exchangeCode, {
  auth: "member",
  input: z.object({ code: code("兑换码", MAX_EXCHANGE_CODE) }),
  async handle({ input, db, caller }) {
    const r = await redeemExchangeCode(db, caller.user.id, input.code);
    const data: ExchangeResult = {
      kind: r.kind,
      amount: r.amount,
      coins: r.user.coins,
      vip: vipFlag(r.user),
      vip_expires_at: vipEnd(r.user),
      tickets: await ticketCount(db, caller.user.id),
    };
    return { msg: `兑换成功，获得 ${services.exchangeGift(r)}`, data };
  },
});

export const codeHandlers = [inviteList, invitation, exchangeCode];
