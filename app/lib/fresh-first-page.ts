import { useState } from "react";
import type { Paged } from "#gateway/api/types.ts";

/**
 * A list already on screen meets a fresh first page (a loader ran again: back navigation, a revalidation).
 * When the fresh page is how the list starts (same items in the same order), the list keeps the pages it
 * had loaded and takes the fresh items (counts, states). Otherwise it changed (a purchase, an unfollow):
 * null, and the list starts over from the fresh page.
 */
export function withFreshFirstPage<T>(items: readonly T[], fresh: Paged<T>, key: (item: T) => string | number): T[] | null {
  const n = fresh.list.length;
  if (n > items.length || (!fresh.has_more && items.length !== n)) return null;
  for (let i = 0; i < n; i++) if (key(fresh.list[i]!) !== key(items[i]!)) return null;
  return [...fresh.list, ...items.slice(n)];
}

/**
 * Calls `onFresh` while rendering when the route's loader has handed a list that stayed mounted a new first
 * page (it ran again: back navigation, a revalidation).
 */
export function useFreshFirstPage<P>(initial: P | undefined, onFresh: (fresh: P) => void) {
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    if (initial) onFresh(initial);
  }
}
