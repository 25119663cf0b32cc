import { z } from "zod";
import { orders } from "#gateway/api/index.ts";
import type { WithdrawResult } from "#gateway/api/orders.ts";
import { userById, type UserRow } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, intInput, type Caller } from "#server/http/registry.ts";
import { proxyHome } from "./agents.ts";
import {
  COINS_PER_YUAN,
  recentWithdrawals,
  requestWithdrawal,
  toWithdrawal,
  withdrawableOf,
  withdrawRules,
  type WithdrawalRow,
  type WithdrawSource,
} from "./withdrawals.ts";
import { centsOf, yuan } from "#gateway/money.ts";

type Member = UserRow & { frozen_coins: number; frozen_tui_cents: number };
const member = async (db: DB, id: number) => (await userById(db, id)) as Member;

const account = z.object({
  account_type: z.string({ error: "请选择收款方式" }).max(20, "请选择收款方式"),
  account_name: z.string({ error: "请填写收款人姓名" }).max(40, "收款人姓名太长"),
  account_no: z.string({ error: "请填写收款账号" }).max(80, "收款账号太长"),
});

async function answer(db: DB, w: WithdrawalRow): Promise<{ msg: string; data: WithdrawResult }> {
  const user = await member(db, w.user_id);
  return {
    msg: "提现申请已提交，金额已冻结，审核通过后打款",
    data: {
      withdrawal: toWithdrawal(w),
      coins: user.coins,
      tui_coins: yuan(user.tui_coins_cents),
    },
  };
}

/** What a member can withdraw from a source now, with the source's rules and latest withdrawals. */
function withdrawable(source: WithdrawSource, figures: (user: Member) => Record<string, unknown>) {
  return async ({ db, caller }: { db: DB; caller: Caller }) => {
    const user = await member(db, caller.user.id);
    return {
      data: {
        ...(await withdrawRules(db, user.id, source)),
        ...figures(user),
        recent: await recentWithdrawals(db, user.id, source),
      },
    };
  };
}

export const canWithdrawCoins = defineHandler(orders.canWithdrawCoins, {
  auth: "member",
  input: z.object({}),
  handle: withdrawable("coins", (user) => ({
    coins: user.coins,
    frozen_coins: user.frozen_coins,
    withdrawable: withdrawableOf("coins", user.coins),
    coins_per_yuan: COINS_PER_YUAN,
  })),
});

export const withdrawCoins = defineHandler(orders.withdrawCoins, {
  auth: "member",
  input: account.extend({ coins: intInput("提现金币应为正整数") }),
  handle: async ({ input, db, caller }) => await answer(db, await requestWithdrawal(db, caller.user.id, "coins", input.coins, input)),
});

export const proxyIndex = defineHandler(orders.proxyIndex, {
  auth: "member",
  input: z.object({}),
  handle: async ({ db, caller, origin }) => ({
    data: await proxyHome(db, await member(db, caller.user.id), origin),
  }),
});

export const canWithdrawMoney = defineHandler(orders.canWithdrawMoney, {
  auth: "member",
  input: z.object({}),
  handle: withdrawable("agent", (user) => ({
    tui_coins: yuan(user.tui_coins_cents),
    total_tui_coins: yuan(user.total_tui_coins_cents),
    frozen: yuan(user.frozen_tui_cents),
    withdrawable: yuan(withdrawableOf("agent", user.tui_coins_cents)),
  })),
});

export const proxyWithdraw = defineHandler(orders.proxyWithdraw, {
  auth: "member",
  input: account.extend({
    amount: z.union([z.string(), z.number()], { error: "请填写提现金额" }),
  }),
  async handle({ input, db, caller }) {
    const cents = centsOf(input.amount);
    if (cents === undefined) throw new ApiError(400, "提现金额应为数字，最多两位小数");
    return await answer(db, await requestWithdrawal(db, caller.user.id, "agent", cents, input));
  },
});

export const withdrawHandlers = [canWithdrawCoins, withdrawCoins, proxyIndex, canWithdrawMoney, proxyWithdraw];
