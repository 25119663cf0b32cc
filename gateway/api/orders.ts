import { endpoint, silentEndpoint } from "../client.ts";
import type { Page, Paged } from "./types.ts";

// Top-ups, orders, coin records, withdrawals and the agent programme (issue 22): /api/order/*, /api/user/coinsDetail,
// /api/user/*Withdraw*, /api/proxy/* (docs/protocol.md §9). Money is exact: coins are whole numbers, yuan travel
// as strings with two decimals beside their integer cents.

/** A way to pay a product offers (`alipay`, `wechat`, …). */
export interface PayMethod {
  code: string;
  name: string;
}

export type ProductKind = "coins" | "vip";

export interface Product {
  id: number;
  kind: ProductKind;
  name: string;
  description: string;
  /** Yuan, two decimals. */
  price: string;
  price_cents: number;
  /** Coins credited, bonus included (coin packages). */
  coins: number;
  bonus_coins: number;
  /** Days of VIP (VIP plans). */
  vip_days: number;
  pay_methods: PayMethod[];
}

export interface ProductList {
  coins: Product[];
  vip: Product[];
}

export type OrderStatus = "pending" | "paid" | "failed" | "expired";

export interface Order {
  order_no: string;
  kind: ProductKind;
  name: string;
  amount: string;
  amount_cents: number;
  coins: number;
  vip_days: number;
  pay_method: string;
  pay_method_name: string;
  status: OrderStatus;
  created_at: string;
  /** Pending orders can be paid until then. */
  expires_at: string;
  paid_at: string;
}

export interface Paying {
  order_no: string;
  /** Where the payer pays: the provider's page (the reference gateway's sandbox page). */
  pay_url: string;
  expires_at: string;
}

/** A coin movement: `coins` > 0 came in, < 0 went out. */
export interface CoinMovement {
  id: number;
  coins: number;
  reason: string;
  /** The reason in words, with what was bought (充值, 购买视频《…》, 购买漫画章节《…》 第2话 …). */
  title: string;
  balance_after: number;
  created_at: string;
}

export type WithdrawalStatus = "pending" | "approved" | "rejected";

/** Where a withdrawal is paid: the kinds of accounts the gateway pays to. */
export interface PayoutType {
  code: string;
  name: string;
}

export interface Withdrawal {
  id: number;
  /** `coins`: from the coin balance; `agent`: from agent income. */
  source: "coins" | "agent";
  /** Coins (source `coins`) or yuan (source `agent`, two decimals). */
  amount: string;
  fee: string;
  /** What the member is paid, yuan. */
  payout: string;
  account_type: string;
  account: string;
  status: WithdrawalStatus;
  reason: string;
  created_at: string;
}

/** A withdrawal's rules: the minimum, the maximum, the fee and the daily limit, in the source's unit. */
export interface WithdrawRules {
  min: string;
  max: string;
  /** Percent of the amount, kept by the platform (rounded up to the unit). */
  fee_percent: string;
  daily_limit: number;
  /** Withdrawals asked for today (China time), rejected ones not counted. */
  today_count: number;
  payout_types: PayoutType[];
}

export interface CoinsWithdrawable extends WithdrawRules {
  coins: number;
  frozen_coins: number;
  /** What can be withdrawn now, coins: the balance, capped by the maximum; 0 when under the minimum. */
  withdrawable: number;
  /** Coins to one yuan. */
  coins_per_yuan: number;
  recent: Withdrawal[];
}

export interface MoneyWithdrawable extends WithdrawRules {
  tui_coins: string;
  total_tui_coins: string;
  frozen: string;
  withdrawable: string;
  recent: Withdrawal[];
}

export type PayoutAccount = {
  account_type: string;
  /** The account holder's real name. */
  account_name: string;
  /** The account: a phone number, an e-mail address or a bank card number, as the type says. */
  account_no: string;
};

export interface WithdrawResult {
  withdrawal: Withdrawal;
  coins: number;
  tui_coins: string;
}

export interface AgentLevel {
  level: number;
  /** Percent of an invited member's top-up, e.g. "20.00". */
  percent: string;
  /** Members at this level under the caller. */
  members: number;
  /** What the caller earned from them, yuan. */
  income: string;
}

export interface AgentIncome {
  id: number;
  level: number;
  nickname: string;
  order_amount: string;
  amount: string;
  created_at: string;
}

export interface ProxyHome {
  aff_code: string;
  share_url: string;
  tui_coins: string;
  total_tui_coins: string;
  frozen: string;
  levels: AgentLevel[];
  /** The caller's latest direct invitees. */
  invited: {
    uid: number;
    nickname: string;
    avatar_url: string;
    created_at: string;
  }[];
  invited_total: number;
  income: AgentIncome[];
  /** The programme's rules in words, one paragraph each. */
  rules: string[];
}

// Limits the app checks before it sends and the gateway enforces.
export const PAYOUT_ACCOUNT_NAME = { min: 2, max: 20 };
export const PAYOUT_ACCOUNT_NO = { min: 5, max: 40 };

export const productList = endpoint<void, ProductList>("/api/order/productList");
export const createPaying = endpoint<
  {
    product_id: number;
    pay_method: string;
    return_origin?: string;
    request_id?: string;
  },
  Paying
>("/api/order/createPaying", {
  repeat: "request_id",
  strings: { pay_method: true, return_origin: true, request_id: true },
});
export const orderList = endpoint<Page & { order_no?: string }, Paged<Order>>("/api/order/orderList", { strings: { order_no: true } });
export const coinsDetail = endpoint<Page, Paged<CoinMovement>>("/api/user/coinsDetail");
export const canWithdrawCoins = endpoint<void, CoinsWithdrawable>("/api/user/canWithdrawCoins");
export const withdrawCoins = silentEndpoint<PayoutAccount & { coins: number; request_id?: string }, WithdrawResult>("/api/user/withdrawCoins", {
  repeat: "request_id",
  strings: {
    account_type: true,
    account_name: true,
    account_no: true,
    request_id: true,
  },
});
export const proxyIndex = endpoint<void, ProxyHome>("/api/proxy/index");
export const canWithdrawMoney = endpoint<void, MoneyWithdrawable>("/api/proxy/canWithdrawMoney");
export const proxyWithdraw = silentEndpoint<PayoutAccount & { amount: string; request_id?: string }, WithdrawResult>("/api/proxy/withdraw", {
  repeat: "request_id",
  strings: {
    amount: true,
    account_type: true,
    account_name: true,
    account_no: true,
    request_id: true,
  },
});
