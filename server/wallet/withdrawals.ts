import type { PayoutAccount, PayoutType, Withdrawal, WithdrawRules } from "#gateway/api/orders.ts";
import { PAYOUT_ACCOUNT_NAME, PAYOUT_ACCOUNT_NO } from "#gateway/api/orders.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, isoDate } from "#server/http/registry.ts";
import { ledgerLine, lockMember, startOfChinaDay } from "./purchases.ts";
import { percentOf, withdrawalQuote, yuan } from "#gateway/money.ts";
import { clock } from "#server/clock.ts";

// Withdrawals (decision 038): asking freezes the amount at once, in the transaction that records the request, so
// it can no longer be spent or asked for twice; an operator settles it later (`npm run admin -- withdrawals`):
// approval pays it out of the frozen amount, rejection returns it.

export type WithdrawSource = "coins" | "agent";

/** Coins to one yuan, when coins are paid out. */
export const COINS_PER_YUAN = 10;

/** Per source, in its unit: coins, or cents of agent income. Fees in basis points. */
export const WITHDRAW_LIMITS: Record<WithdrawSource, { min: number; max: number; feeBasisPoints: number; dailyLimit: number }> = {
  coins: { min: 100, max: 50_000, feeBasisPoints: 500, dailyLimit: 3 },
  agent: { min: 5_000, max: 500_000, feeBasisPoints: 200, dailyLimit: 3 },
};

export const PAYOUT_TYPES: PayoutType[] = [
  { code: "alipay", name: "支付宝" },
  { code: "bank", name: "银行卡" },
];

/** The unit's amount as the app shows it: coins as they are, agent income in yuan. */
const inUnit = (source: WithdrawSource, amount: number) => (source === "coins" ? String(amount) : yuan(amount));

export interface WithdrawalRow {
  id: number;
  user_id: number;
  source: WithdrawSource;
  amount: number;
  fee: number;
  payout_cents: number;
  account_type: string;
  account_name: string;
  account_no: string;
  status: "pending" | "approved" | "rejected";
  reason: string;
  created_at: number;
  settled_at: number | null;
}

/** An account number shown with its middle hidden. */
const masked = (no: string) => (no.length <= 7 ? no : `${no.slice(0, 3)}${"*".repeat(Math.min(no.length - 7, 8))}${no.slice(-4)}`);

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    source: row.source,
    amount: inUnit(row.source, row.amount),
    fee: inUnit(row.source, row.fee),
    payout: yuan(row.payout_cents),
    account_type: PAYOUT_TYPES.find((t) => t.code === row.account_type)?.name ?? row.account_type,
    account: masked(row.account_no),
    status: row.status,
    reason: row.reason,
    created_at: isoDate(row.created_at),
  };
}

/** The payout account, checked: every problem at once, in words the member reads. */
export function checkPayoutAccount(a: PayoutAccount): PayoutAccount {
  const problems: string[] = [];
  const type = PAYOUT_TYPES.find((t) => t.code === a.account_type);
  const name = a.account_name.trim();
  const no = a.account_no.replace(/\s+/g, "");
  if (!type) problems.push("请选择收款方式");
  if (name.length < PAYOUT_ACCOUNT_NAME.min || name.length > PAYOUT_ACCOUNT_NAME.max || !/^[\p{L}·. ]+$/u.test(name)) {
    problems.push(`收款人姓名应为 ${PAYOUT_ACCOUNT_NAME.min}–${PAYOUT_ACCOUNT_NAME.max} 个文字`);
  }
  if (type?.code === "alipay" && !/^1\d{10}$/.test(no) && !/^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(no)) problems.push("支付宝账号应为手机号或邮箱");
  if (type?.code === "bank" && !/^\d{12,19}$/.test(no)) problems.push("银行卡号应为 12–19 位数字");
  if (no.length < PAYOUT_ACCOUNT_NO.min || no.length > PAYOUT_ACCOUNT_NO.max)
    problems.push(`收款账号应为 ${PAYOUT_ACCOUNT_NO.min}–${PAYOUT_ACCOUNT_NO.max} 个字符`);
  if (problems.length) throw new ApiError(400, [...new Set(problems)].join("；"));
  return { account_type: a.account_type, account_name: name, account_no: no };
}

async function todayCount(db: DB, userId: number, source: WithdrawSource, now = clock.now()): Promise<number> {
  return (await db.value<number>("SELECT COUNT(*) FROM withdrawals WHERE user_id = ? AND source = ? AND status <> 'rejected' AND created_at >= ?", [
    userId,
    source,
    startOfChinaDay(now),
  ]))!;
}

/** A source's rules for a member now, in the app's words. */
export async function withdrawRules(db: DB, userId: number, source: WithdrawSource): Promise<WithdrawRules> {
  const l = WITHDRAW_LIMITS[source];
  return {
    min: inUnit(source, l.min),
    max: inUnit(source, l.max),
    fee_percent: percentOf(l.feeBasisPoints),
    daily_limit: l.dailyLimit,
    today_count: await todayCount(db, userId, source),
    payout_types: PAYOUT_TYPES,
  };
}

/** What can be withdrawn now from a balance: all of it up to the maximum, nothing under the minimum. */
export const withdrawableOf = (source: WithdrawSource, balance: number) =>
  balance < WITHDRAW_LIMITS[source].min ? 0 : Math.min(balance, WITHDRAW_LIMITS[source].max);

export async function recentWithdrawals(db: DB, userId: number, source: WithdrawSource): Promise<Withdrawal[]> {
  const rows = (await db.all("SELECT * FROM withdrawals WHERE user_id = ? AND source = ? ORDER BY id DESC LIMIT 10", [userId, source])) as WithdrawalRow[];
  return rows.map(toWithdrawal);
}

const BALANCE = {
  coins: ["coins", "frozen_coins"],
  agent: ["tui_coins_cents", "frozen_tui_cents"],
} as const;

/**
 * A member asks to withdraw: checked against the limits, then the amount leaves the spendable balance for the
 * frozen one in the same transaction (`… WHERE balance >= amount`), so two requests at once never take more than
 * there is. Coins frozen leave a coin record.
 */
export async function requestWithdrawal(db: DB, userId: number, source: WithdrawSource, amount: number, account: PayoutAccount): Promise<WithdrawalRow> {
  const l = WITHDRAW_LIMITS[source];
  const checked = checkPayoutAccount(account);
  if (!Number.isSafeInteger(amount) || amount < l.min || amount > l.max) {
    throw new ApiError(400, source === "coins" ? `每次提现 ${l.min}–${l.max} 金币` : `每次提现 ${yuan(l.min)}–${yuan(l.max)} 元`);
  }
  return await db.transaction(async (db) => {
    const now = clock.now();
    await lockMember(db, userId);
    if ((await todayCount(db, userId, source, now)) >= l.dailyLimit) throw new ApiError(400, `每天最多提现 ${l.dailyLimit} 次，明天再来吧`);
    const [balance, frozen] = BALANCE[source];
    const changed = await db.run(`UPDATE users SET ${balance} = ${balance} - ?, ${frozen} = ${frozen} + ?, updated_at = ? WHERE id = ? AND ${balance} >= ?`, [
      amount,
      amount,
      now,
      userId,
      amount,
    ]);
    const left = (await db.value<number>(`SELECT ${balance} FROM users WHERE id = ?`, [userId]))!;
    if (changed !== 1) throw new ApiError(400, source === "coins" ? `金币不足，当前可提现 ${left} 金币` : `推广收益不足，当前可提现 ${yuan(left)} 元`);
    if (source === "coins") await ledgerLine(db, { userId, coins: amount, reason: "withdraw", balanceAfter: left, now });
    const { fee, payoutCents: payout } = withdrawalQuote(amount, l.feeBasisPoints, source === "coins" ? COINS_PER_YUAN : undefined);
    const id = await db.insert(
      "INSERT INTO withdrawals (user_id, source, amount, fee, payout_cents, account_type, account_name, account_no, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)",
      [userId, source, amount, fee, payout, checked.account_type, checked.account_name, checked.account_no, now],
    );
    return (await db.get<WithdrawalRow>("SELECT * FROM withdrawals WHERE id = ?", [id]))!;
  });
}

/** An operator's decision the gateway cannot take: an unknown or settled withdrawal. */
export class SettleRefused extends Error {}

/**
 * An operator settles a pending withdrawal: approval takes the frozen amount for good, rejection returns it to
 * the balance (coins with a coin record). A settled one is refused, so running the command twice does nothing.
 */
export async function settleWithdrawal(db: DB, id: number, decision: "approve" | "reject", reason = ""): Promise<WithdrawalRow> {
  const head = await db.get<{ user_id: number }>("SELECT user_id FROM withdrawals WHERE id = ?", [id]);
  if (!head) throw new SettleRefused(`withdrawal ${id} not found`);
  return await db.transaction(async (db) => {
    const now = clock.now();
    await lockMember(db, head.user_id);
    const w = (await db.get<WithdrawalRow>(`SELECT * FROM withdrawals WHERE id = ?${db.forUpdate}`, [id]))!;
    if (w.status !== "pending") throw new SettleRefused(`withdrawal ${id} is already ${w.status}`);
    const [balance, frozen] = BALANCE[w.source];
    const back = decision === "reject" ? w.amount : 0;
    await db.run(`UPDATE users SET ${frozen} = ${frozen} - ?, ${balance} = ${balance} + ?, updated_at = ? WHERE id = ?`, [w.amount, back, now, w.user_id]);
    if (back && w.source === "coins") {
      const left = (await db.value<number>("SELECT coins FROM users WHERE id = ?", [w.user_id]))!;
      await ledgerLine(db, { userId: w.user_id, coins: -back, reason: "withdraw_refund", balanceAfter: left, now });
    }
    await db.run("UPDATE withdrawals SET status = ?, reason = ?, settled_at = ? WHERE id = ?", [
      decision === "approve" ? "approved" : "rejected",
      reason,
      now,
      id,
    ]);
    return (await db.get<WithdrawalRow>("SELECT * FROM withdrawals WHERE id = ?", [id]))!;
  });
}

/** Withdrawals for operators, oldest pending first (or all of a status). */
export async function listWithdrawals(db: DB, status: WithdrawalRow["status"] | "all" = "pending", limit = 100): Promise<WithdrawalRow[]> {
  const where = status === "all" ? "" : "WHERE status = ?";
  return (await db.all(`SELECT * FROM withdrawals ${where} ORDER BY id LIMIT ?`, status === "all" ? [limit] : [status, limit])) as WithdrawalRow[];
}
