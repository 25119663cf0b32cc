import type { Comment } from "#gateway/api/content-types.ts";
import type { Paged } from "#gateway/api/types.ts";
import { startEarly, takeEarly } from "#app/lib/early-data.ts";
import { loadImage } from "#app/lib/images.ts";
import { positiveParam } from "#app/lib/positive-param.ts";

// What every screen's first calls (./screens/*.ts) share. Each screen's calls are a module of their own, which
// early-start.ts imports on demand for a shared link before React and React Router have downloaded, and the
// route's loader takes (decisions 088 and 097). No React and no React Router in these modules' graphs.

/** The screen's largest image starts as soon as the call naming it answers, ahead of the other images. */
export function firstImage(url: string | null | undefined) {
  if (url) void loadImage(url, { first: true }).catch(() => undefined);
}

/**
 * A screen's first calls under a key of their own (its path and what it was asked for): `start` from
 * early-start.ts, `take` from the route's loader, which gets the early answer once or calls now.
 */
export function early<P, T>(path: string, calls: (asked: P) => Promise<T>) {
  const key = (asked: P) => `${path}?${JSON.stringify(asked)}`;
  return {
    start: (asked: P) => startEarly(key(asked), () => calls(asked)),
    take: (asked: P) => takeEarly(key(asked), () => calls(asked)),
  };
}


/** Starts `start` with the query's positive id; a query its loader would refuse starts nothing. */
export function ifId(q: URLSearchParams, name: string, start: (id: number) => void) {
  const id = positiveParam(q, name);
  if (id) start(id);
}
