import type { Video } from "#gateway/api/content-types.ts";

interface Patch {
  seq: number;
  id: number;
  patch: Partial<Video>;
}

const log: Patch[] = [];
const MAX_LOG = 100;
let seq = 0;
const listeners = new Set<() => void>();

/**
 * A change to one video made elsewhere (bought in the player), for the lists that hold it, on any page of
 * theirs: a fresh first page (decision 021) does not reach the pages after it. Kept as a short log, so a list
 * that was hidden (a page kept in history runs no effects) catches up when it is shown again.
 */
export function patchVideo(id: number, patch: Partial<Video>) {
  log.push({ seq: ++seq, id, patch });
  if (log.length > MAX_LOG) log.shift();
  listeners.forEach((l) => l());
}

/** The latest patch's number: a list made now from fresh data has seen everything up to it. */
export const latestPatch = () => seq;

/** The patches after `since`, and the number to ask from next time. */
export function patchesSince(since: number): { seq: number; patches: Patch[] } {
  return { seq, patches: log.filter((p) => p.seq > since) };
}

export function onVideoPatch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
