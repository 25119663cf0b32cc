import * as resources from "#gateway/api/resources.ts";
import type { Progress } from "#gateway/api/resources.ts";
import { api } from "#app/lib/gateway.ts";
import { sessionStore } from "#app/lib/safe-storage.ts";
import { isLoggedIn } from "#app/stores/user.ts";

/** Past this share of a video it counts as watched to the end: nothing to resume. */
export const FINISHED_SHARE = 0.95;
/** Positions this close to the start are not worth offering. */
const MIN_RESUME_S = 5;

/** A video's saved place: `position` and `duration` in seconds (decision 081). */
export type VideoProgress = Progress & { duration?: number; finished?: boolean };

export const sessionKey = (id: number) => `___WATCHED__${id}`;

/** Where this video was left in this browser session (it resumes there by itself), if anywhere worth resuming. */
export function sessionPosition(id: number): number | undefined {
  const at = Number(sessionStore.getItem(sessionKey(id)));
  return at > MIN_RESUME_S ? at : undefined;
}

/** The member's saved place on any device, when worth offering (「上次看到…」). */
export async function savedPosition(id: number): Promise<number | undefined> {
  if (!isLoggedIn()) return undefined;
  const p = (await api(resources.progress, { item_id: id }).catch(() => null)) as VideoProgress | null;
  if (!p || p.finished || p.position <= MIN_RESUME_S) return undefined;
  if (p.duration && p.position >= p.duration * FINISHED_SHARE) return undefined;
  return p.position;
}
