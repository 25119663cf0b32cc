import type { DB } from "#server/db/index.ts";

/**
 * Makes a member's check-then-write steps (is this a repeat? is it liked?) run one at a time: on PostgreSQL,
 * READ COMMITTED lets two transactions check before either writes, so the member's row is locked first, as
 * money does (decision 028). SQLite's transactions already take the write lock when they begin.
 */
export async function oneAtATime(db: DB, uid: number): Promise<void> {
  await db.get(`SELECT id FROM users WHERE id = ?${db.forUpdate}`, [uid]);
}
