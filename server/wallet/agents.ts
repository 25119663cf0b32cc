import type { AgentIncome, AgentLevel, ProxyHome } from "#gateway/api/orders.ts";
import type { UserRow } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import { isoDate } from "#server/http/registry.ts";
import { percentOf, shareOf, yuan } from "#gateway/money.ts";
import { personShown, PROFILE_MASKED } from "#server/community/profiles-shown.ts";

// The agent programme: a member who invited another (users.invited_by) earns a share of every top-up the invitee
// pays; the inviter's own inviter earns a smaller share (level 2). Shares are basis points of the order's amount,
// rounded down to the cent.

export const AGENT_LEVELS = [
  { level: 1, basisPoints: 2000 },
  { level: 2, basisPoints: 500 },
] as const;

export function agentRules(): string[] {
  const [one, two] = AGENT_LEVELS;
  return [
    "分享你的邀请链接或邀请码，好友注册（或在「我的」里填写你的邀请码）后即成为你的一级下级；一级下级邀请的好友是你的二级下级。",
    `下级每笔充值（金币或 VIP）支付成功后，你获得一级下级充值金额的 ${percentOf(one.basisPoints)}%、二级下级充值金额的 ${percentOf(two.basisPoints)}% 作为推广收益，按分计算、不足一分舍去。`,
    "每笔订单只计一次收益；失败、过期的订单不计收益。",
    "推广收益可在推广中心申请提现，申请后金额立即冻结，审核通过后打款；审核未通过的，冻结金额退回推广收益。",
  ];
}

/**
 * Pays the agent income of a paid order to the payer's inviters, once per order and level (the unique key
 * stops a second credit). Runs inside the order's settling transaction.
 */
export async function payAgents(db: DB, order: { id: number; user_id: number; amount_cents: number }, now: number): Promise<void> {
  let member = order.user_id;
  for (const { level, basisPoints } of AGENT_LEVELS) {
    const inviter = await db.value<number | null>("SELECT invited_by FROM users WHERE id = ?", [member]);
    if (!inviter || inviter === order.user_id) return;
    const amount = shareOf(order.amount_cents, basisPoints);
    await db.run(
      "INSERT INTO agent_income (order_id, level, user_id, from_user_id, order_cents, basis_points, amount_cents, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      [order.id, level, inviter, order.user_id, order.amount_cents, basisPoints, amount, now],
    );
    if (amount > 0) {
      await db.run("UPDATE users SET tui_coins_cents = tui_coins_cents + ?, total_tui_coins_cents = total_tui_coins_cents + ?, updated_at = ? WHERE id = ?", [
        amount,
        amount,
        now,
        inviter,
      ]);
    }
    member = inviter;
  }
}

/** The agent centre of a member: link, levels with members and income, the latest invitees and income. */
export async function proxyHome(db: DB, user: UserRow & { frozen_tui_cents: number }, origin: string): Promise<ProxyHome> {
  const direct = (await db.value<number>("SELECT COUNT(*) FROM users WHERE invited_by = ?", [user.id]))!;
  const second = (await db.value<number>("SELECT COUNT(*) FROM users u JOIN users p ON p.id = u.invited_by WHERE p.invited_by = ?", [user.id]))!;
  const earned = (await db.all("SELECT level, SUM(amount_cents) AS cents FROM agent_income WHERE user_id = ? GROUP BY level", [user.id])) as {
    level: number;
    cents: number;
  }[];
  const levels: AgentLevel[] = AGENT_LEVELS.map(({ level, basisPoints }) => ({
    level,
    percent: percentOf(basisPoints),
    members: level === 1 ? direct : second,
    income: yuan(Number(earned.find((e) => e.level === level)?.cents ?? 0)),
  }));
  // Invitees' profiles hidden by reports are shown as to anyone else (decision 073).
  const invited = await db.all<{ id: number; nickname: string; username: string; avatar_url: string; profile_masked: number; created_at: number }>(
    `SELECT u.id, u.nickname, '' AS username, u.avatar_url, ${PROFILE_MASKED} AS profile_masked, u.created_at FROM users u
     WHERE u.invited_by = @uid ORDER BY u.created_at DESC, u.id DESC LIMIT 20`,
    { uid: user.id },
  );
  const income = await db.all<{ id: number; level: number; from_id: number; nickname: string; profile_masked: number; order_cents: number; amount_cents: number; created_at: number }>(
    `SELECT a.id, a.level, u.id AS from_id, u.nickname, ${PROFILE_MASKED} AS profile_masked, a.order_cents, a.amount_cents, a.created_at FROM agent_income a JOIN users u ON u.id = a.from_user_id
     WHERE a.user_id = @uid ORDER BY a.id DESC LIMIT 20`,
    { uid: user.id },
  );
  return {
    aff_code: user.aff_code,
    share_url: `${origin}/?aff_code=${user.aff_code}`,
    tui_coins: yuan(user.tui_coins_cents),
    total_tui_coins: yuan(user.total_tui_coins_cents),
    frozen: yuan(user.frozen_tui_cents),
    levels,
    invited: invited.map((m) => ({ ...personShown(origin, m), created_at: isoDate(m.created_at) })),
    invited_total: direct,
    income: income.map((i): AgentIncome => ({
      id: i.id,
      level: i.level,
      nickname: personShown(origin, { ...i, id: i.from_id, username: "", avatar_url: "" }).nickname,
      order_amount: yuan(i.order_cents),
      amount: yuan(i.amount_cents),
      created_at: isoDate(i.created_at),
    })),
    rules: agentRules(),
  };
}
