import type { DB } from "#server/db/index.ts";
import { clock } from "#server/clock.ts";

// Login limits nobody can turn against a member (decision 066, docs/protocol.md §4 "Status 429"): wrong passwords
// are counted per phone and client address, per address across phones, and per phone across addresses. The first
// two slow down and then refuse, only where the failures came from; the phone's own count only slows its logins
// down, so the owner's right password from another address always gets in.

/** Wrong passwords are counted over this window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface Bucket {
  /** Wrong passwords in the window answered at once. */
  free: number;
  /** From then on, the next attempt waits `firstWaitMs` after the last failure, doubling with each, at most `MAX_WAIT_MS`. */
  firstWaitMs: number;
  /** With this many in the window, refused until the oldest of them leaves it. */
  max: number;
}

/** One phone from one client address: a person's typos, or a guesser at one address. */
export const PAIR_LIMITS: Bucket = { free: 3, firstWaitMs: 30_000, max: 10 };
/**
 * One client address across phones. Looser: a household, an office or a carrier's NAT share one address, and one
 * person's typos must not slow down the others behind it.
 */
export const ADDRESS_LIMITS: Bucket = { free: 10, firstWaitMs: 30_000, max: 30 };
export const MAX_WAIT_MS = 5 * 60 * 1000;
/** One phone across addresses: from this many failures on, each attempt is held, never refused. */
export const PHONE_SLOWDOWN_AFTER = 10;
/** The hold: this much per failure past `PHONE_SLOWDOWN_AFTER` − 1, at most `MAX_PHONE_HOLD_MS`. */
export const PHONE_HOLD_STEP_MS = 250;
export const MAX_PHONE_HOLD_MS = 3000;

export interface LoginAttempt {
  phone: string;
  /** The device's `system_oauth_id`; recorded for the operator, not counted: an id costs nothing to change. */
  device: string;
  /** The client's address (`HandlerContext.address`); empty when unknown. */
  address: string;
}

export type LoginVerdict =
  /** Go on: the attempt is recorded as a failure until the password proves right; hold the answer `holdMs` first. */
  | { refused: false; holdMs: number }
  /** Not now, and not counted: `locked` when the bucket is full, else a wait between tries. */
  | { refused: true; retryAt: number; locked: boolean };

/** How long after the `failures`-th failure (newest first) the next attempt waits; 0 while still free. */
const waitAfter = (bucket: Bucket, failures: number) =>
  failures < bucket.free ? 0 : Math.min(bucket.firstWaitMs * 2 ** (failures - bucket.free), MAX_WAIT_MS);

/**
 * The verdict on an attempt from the failures in the window (times, newest first, at least `max` of each when
 * there are): the pair's, the address's and the phone's.
 */
export function judgeAttempt(failures: { pair: number[]; address: number[]; phone: number }, now: number): LoginVerdict {
  let verdict: LoginVerdict | undefined;
  for (const [bucket, times] of [
    [PAIR_LIMITS, failures.pair],
    [ADDRESS_LIMITS, failures.address],
  ] as const) {
    const full = times.length >= bucket.max;
    const retryAt = full ? times[bucket.max - 1]! + LOGIN_FAILURE_WINDOW_MS : times.length ? times[0]! + waitAfter(bucket, times.length) : 0;
    if (retryAt > now && (!verdict?.refused || retryAt > verdict.retryAt)) verdict = { refused: true, retryAt, locked: full };
  }
  if (verdict) return verdict;
  const past = failures.phone - PHONE_SLOWDOWN_AFTER + 1;
  return { refused: false, holdMs: past > 0 ? Math.min(PHONE_HOLD_STEP_MS * past, MAX_PHONE_HOLD_MS) : 0 };
}

const PHONE_COUNT_CAP = PHONE_SLOWDOWN_AFTER + Math.ceil(MAX_PHONE_HOLD_MS / PHONE_HOLD_STEP_MS);

/**
 * Starts a password check (a login, or the old password of a change): judges it on the failures in the window
 * and, unless refused, records it as a failure up front, in the same transaction; a right password then clears
 * it (`passwordRight`). NOTE: recorded before the password is checked, so a burst of concurrent attempts is
 * counted as it arrives rather than after its scrypts finish.
 */
export async function beginPasswordAttempt(db: DB, attempt: LoginAttempt, now = clock.now()): Promise<LoginVerdict> {
  const since = now - LOGIN_FAILURE_WINDOW_MS;
  const times = async (db: DB, where: string, params: unknown[], limit: number) =>
    (await db.all<{ created_at: number }>(`SELECT created_at FROM login_failures WHERE ${where} AND created_at > ? ORDER BY created_at DESC LIMIT ${limit}`, [...params, since])).map((r) =>
      Number(r.created_at),
    );
  return await db.transaction(async (db) => {
    const verdict = judgeAttempt(
      {
        pair: await times(db, "phone = ? AND address = ?", [attempt.phone, attempt.address], PAIR_LIMITS.max),
        address: attempt.address ? await times(db, "address = ?", [attempt.address], ADDRESS_LIMITS.max) : [],
        phone: (await times(db, "phone = ?", [attempt.phone], PHONE_COUNT_CAP)).length,
      },
      now,
    );
    if (!verdict.refused) {
      await db.run("INSERT INTO login_failures (phone, device, address, created_at) VALUES (?, ?, ?, ?)", [attempt.phone, attempt.device, attempt.address, now]);
    }
    return verdict;
  });
}

/** A right password: this address's failures for the phone are forgotten (others' stand). */
export async function passwordRight(db: DB, attempt: LoginAttempt) {
  await db.run("DELETE FROM login_failures WHERE phone = ? AND address = ?", [attempt.phone, attempt.address]);
}

/** `密码错误次数过多，请 N 分钟后再试` when locked, else `密码错误次数较多，请 N 秒后再试` (minutes from a minute on). */
export function tryAgainMessage(verdict: { retryAt: number; locked: boolean }, now = clock.now()): string {
  const ms = Math.max(1000, verdict.retryAt - now);
  const when = verdict.locked || ms > 60_000 ? `${Math.ceil(ms / 60_000)} 分钟` : `${Math.ceil(ms / 1000)} 秒`;
  return `密码错误次数${verdict.locked ? "过多" : "较多"}，请 ${when}后再试`;
}

/** Failures that no longer count. */
export async function pruneLoginFailures(db: DB, now = clock.now()): Promise<number> {
  return await db.run("DELETE FROM login_failures WHERE created_at <= ?", [now - LOGIN_FAILURE_WINDOW_MS]);
}
