import type { UserRow } from "#server/accounts/users.ts";
import { extendVip, userById } from "#server/accounts/users.ts";
import { isUniqueViolation, stmt } from "#server/db/database.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError } from "#server/http/registry.ts";
import { credit, lockMember } from "./purchases.ts";
import { clock } from "#server/clock.ts";

// Exchange codes (decision 039): what a code gives moves inside the one transaction that marks it used, with the
// member's row locked first like every other wallet transaction (decision 028).

/** What an exchange code gives: coins, days of VIP, or vouchers. */
export type ExchangeKind = "coins" | "vip" | "ticket";

export interface ExchangeOutcome {
  kind: ExchangeKind;
  amount: number;
  user: UserRow;
}

/** How long a voucher from an exchange code stays usable. */
export const EXCHANGED_TICKET_DAYS = 30;
const DAY_MS = 86_400_000;

interface CodeRow {
  kind: string;
  amount: number;
  expires_at: number;
  max_uses: number;
}

/** The code's use by this member; a twin of this request that got there first leaves the unique key behind. */
async function recordUse(db: DB, code: string, userId: number, now: number): Promise<void> {
  try {
    await db.run("INSERT INTO exchange_code_uses (code, user_id, used_at) VALUES (?, ?, ?)", [code, userId, now]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(400, "你已使用过该兑换码");
    throw error;
  }
}

async function give(db: DB, userId: number, kind: ExchangeKind, amount: number, now: number): Promise<void> {
  if (kind === "coins") {
    await credit(db, userId, amount, "exchange_code", now);
  } else if (kind === "vip") {
    await extendVip(db, userId, amount, now);
  } else {
    const insert = stmt(db, "INSERT INTO tickets (user_id, name, status, expires_at, created_at) VALUES (?, '兑换观影券', 0, ?, ?)");
    for (let i = 0; i < amount; i++) await insert.run(userId, now + EXCHANGED_TICKET_DAYS * DAY_MS, now);
  }
}

const KINDS = new Set<string>(["coins", "vip", "ticket"] satisfies ExchangeKind[]);

/**
 * Redeems an exchange code: once by each member, until it ends (`expires_at`, 0 never) or its uses are spent
 * (`max_uses`, 0 no limit; a plain code has one). Repeats, from the same member or another, are refused.
 */
export async function redeemExchangeCode(db: DB, userId: number, code: string): Promise<ExchangeOutcome> {
  return await db.transaction(async (db): Promise<ExchangeOutcome> => {
    const now = clock.now();
    await lockMember(db, userId);
    const row = await db.get<CodeRow>("SELECT kind, amount, expires_at, max_uses FROM exchange_codes WHERE code = ?", [code]);
    if (!row) throw new ApiError(400, "兑换码不存在，请检查后重试");
    if (!KINDS.has(row.kind)) throw new ApiError(500, "兑换码配置有误，请联系客服");
    if (await db.get("SELECT 1 FROM exchange_code_uses WHERE code = ? AND user_id = ?", [code, userId])) throw new ApiError(400, "你已使用过该兑换码");
    if (Number(row.expires_at) > 0 && Number(row.expires_at) <= now) throw new ApiError(400, "该兑换码已过期");
    // Members redeeming the same code at the same time: the row's lock lets one update at a time re-check the count.
    const counted = await db.run(
      "UPDATE exchange_codes SET use_count = use_count + 1, used_by = CASE WHEN used_by IS NULL THEN ? ELSE used_by END, used_at = ? WHERE code = ? AND (max_uses = 0 OR use_count < max_uses)",
      [userId, now, code],
    );
    if (counted !== 1) throw new ApiError(400, Number(row.max_uses) === 1 ? "该兑换码已被使用" : "该兑换码已被领完");
    await recordUse(db, code, userId, now);
    const kind = row.kind as ExchangeKind;
    await give(db, userId, kind, row.amount, now);
    return { kind, amount: row.amount, user: (await userById(db, userId))! };
  });
}

/** A new exchange code: what it gives, and optionally its end (ms) and its number of uses (0 no limit, default 1). */
export interface NewExchangeCode {
  code: string;
  kind: ExchangeKind;
  amount: number;
  /** Once by each member with no limit on how many (the seed's welcome code); `maxUses` says otherwise. */
  perMember?: boolean;
  maxUses?: number;
  expiresAt?: number;
}

/** Adds exchange codes (operators and the seed); a code already there is kept as it is. Answers how many were new. */
export async function addExchangeCodes(db: DB, codes: NewExchangeCode[]): Promise<number> {
  let added = 0;
  const now = clock.now();
  for (const c of codes) {
    added += await db.run(
      "INSERT INTO exchange_codes (code, kind, amount, per_member, max_uses, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING",
      [c.code.toUpperCase(), c.kind, c.amount, c.perMember ? 1 : 0, c.maxUses ?? (c.perMember ? 0 : 1), c.expiresAt ?? 0, now],
    );
  }
  return added;
}
