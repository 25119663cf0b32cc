import type { DB } from "#server/db/index.ts";

/** Wrong passwords are counted over this window (decision 027, docs/protocol.md "Login limits"). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords within the window for one phone, or from one device (`system_oauth_id`), before logins are refused. */
export const MAX_LOGIN_FAILURES = 5;
/**
 * The same from one client address. Higher: a household, an office or a carrier's NAT share one address, and one
 * person's typos must not lock out the others behind it.
 */
export const MAX_ADDRESS_LOGIN_FAILURES = 20;

export interface LoginAttempt {
  phone: string;
  /** The device's `system_oauth_id`. */
  device: string;
  /** The client's address; empty when unknown (then not counted). */
  address: string;
}

const BUCKETS = [
  { column: "phone", max: MAX_LOGIN_FAILURES },
  { column: "device", max: MAX_LOGIN_FAILURES },
  { column: "address", max: MAX_ADDRESS_LOGIN_FAILURES },
] as const;

/**
 * Starts a login: when the phone, the device or the address has used up its wrong passwords, answers the time
 * (ms) at which it may try again. Otherwise records the attempt as a failure up front and answers null; a right
 * password then clears it (`loginSucceeded`). NOTE: recorded before the password is checked, so a burst of
 * concurrent attempts is counted as it arrives rather than after its scrypts finish.
 */
export async function beginLoginAttempt(db: DB, attempt: LoginAttempt, now = Date.now()): Promise<number | null> {
  return await db.transaction(async (db) => {
    let retryAt = 0;
    for (const { column, max } of BUCKETS) {
      const key = attempt[column];
      if (!key) continue;
      // The max-th newest failure in the window: while it is in the window, the bucket is full.
      const nth = await db.value(`SELECT created_at FROM login_failures WHERE ${column} = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1 OFFSET ?`, [key, now - LOGIN_FAILURE_WINDOW_MS, max - 1]) as number | undefined;
      if (nth !== undefined) retryAt = Math.max(retryAt, nth + LOGIN_FAILURE_WINDOW_MS);
    }
    if (retryAt) return retryAt;
    await db.run("INSERT INTO login_failures (phone, device, address, created_at) VALUES (?, ?, ?, ?)", [attempt.phone, attempt.device, attempt.address, now]);
    return null;
  });
}

/** A right password: the phone's failures are forgotten, from every device. */
export async function loginSucceeded(db: DB, phone: string) {
  await db.run("DELETE FROM login_failures WHERE phone = ?", [phone]);
}

/** `密码错误次数过多，请 N 分钟后再试`, N rounded up. */
export function tooManyFailuresMessage(retryAt: number, now = Date.now()): string {
  return `密码错误次数过多，请 ${Math.max(1, Math.ceil((retryAt - now) / 60_000))} 分钟后再试`;
}

/** Failures that no longer count. */
export async function pruneLoginFailures(db: DB, now = Date.now()): Promise<number> {
  return (await db.run("DELETE FROM login_failures WHERE created_at <= ?", [now - LOGIN_FAILURE_WINDOW_MS]));
}
