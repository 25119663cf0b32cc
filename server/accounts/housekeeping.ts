import type { DB } from "#server/db/index.ts";
import { pruneLoginFailures } from "./login-limits.ts";
import { pruneRequestAnswers } from "#server/wallet/idempotency.ts";
import { pruneSessions } from "./sessions.ts";
import { clock } from "#server/clock.ts";

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes dead sessions, login failures that no longer count, and first answers no client will repeat. */
export async function pruneAccounts(db: DB, now = clock.now()) {
  return { sessions: await pruneSessions(db, now), loginFailures: await pruneLoginFailures(db, now), requestAnswers: await pruneRequestAnswers(db, now) };
}

/**
 * Prunes now, then every hour until the answered stop is called; resolves once the first pruning is done, so a
 * gateway that has started has pruned (a failure is logged, not thrown). The timer does not keep the process
 * alive. With several gateway processes on one database each prunes; the deletes are idempotent.
 */
export async function startPruning(db: DB, log: (message: string) => void = () => {}): Promise<() => void> {
  const prune = () =>
    pruneAccounts(db).catch((error: unknown) => log(`pruning sessions: ${error instanceof Error ? error.message : String(error)}`));
  await prune();
  const timer = setInterval(prune, PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
