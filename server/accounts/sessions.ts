import { createHash, randomBytes } from "node:crypto";
import type { DB } from "#server/db/index.ts";
import { clock } from "#server/clock.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Tokens are random; only their hash is stored, so a database leak does not leak sessions. */
export async function createSession(db: DB, userId: number, now = clock.now()): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await db.run("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)", [hashToken(token), userId, now, now + SESSION_TTL_MS]);
  return token;
}

/** The user id behind a live token, or null for a missing, unknown, revoked or expired one. */
export async function resolveSession(db: DB, token: string, now = clock.now()): Promise<number | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const row = (await db.get("SELECT user_id FROM sessions WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?", [hashToken(token), now])) as
    | { user_id: number }
    | undefined;
  return row?.user_id ?? null;
}

export async function revokeOtherSessions(db: DB, userId: number, keepToken: string, now = clock.now()) {
  await db.run("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND token_hash != ? AND revoked_at IS NULL", [now, userId, hashToken(keepToken)]);
}

export async function revokeSession(db: DB, token: string, now = clock.now()) {
  await db.run("UPDATE sessions SET revoked_at = ? WHERE token_hash = ?", [now, hashToken(token)]);
}

/** Revoked sessions stay this long, a trace of recent password changes for whoever looks into an account. */
export const REVOKED_SESSION_KEEP_MS = 24 * 60 * 60 * 1000;

/** Deletes sessions past their expiry, and revoked ones older than a day. Answers how many went. */
export async function pruneSessions(db: DB, now = clock.now()): Promise<number> {
  return (await db.run("DELETE FROM sessions WHERE expires_at <= ? OR revoked_at < ?", [now, now - REVOKED_SESSION_KEEP_MS]));
}
