import { useState } from "react";
import type { Paged } from "#gateway/api/types.ts";
import { useFreshFirstPage } from "#app/lib/fresh-first-page.ts";
import type { PagedSource } from "./paged-source.ts";
import { createPager, startState, type ItemKey, type Pager, type PagedState } from "./pager.ts";

export interface UsePagedOptions<T> {
  /** The first page, from the route's clientLoader; without it the first `loadMore` asks for page 1. */
  initial?: Paged<T>;
  /** What tells items apart: a page repeating an item already listed does not list it twice. */
  itemKey: ItemKey<T>;
  /** The state the list was left in (kept across tab switches), read once when the list mounts. */
  saved?: () => PagedState<T> | undefined;
}

export type UsePaged<T> = PagedState<T> & Omit<Pager<T>, "state" | "fresh">;

/**
 * The paging engine of every list (`PagedList`, `VideoFeed`): items, page, has-more and error from `source`,
 * with load-more (one page at a time), retry, pull-to-refresh, and the loader's first page taken in when it
 * answers again. The functions it returns keep their identity across renders. The source and item key it
 * starts with serve the list's whole life: another source is another list (each caller keys it by `source.key`).
 */
export function usePaged<T>(source: PagedSource<T>, { initial, itemKey, saved }: UsePagedOptions<T>): UsePaged<T> {
  const [state, setState] = useState(() => startState(initial, saved?.(), itemKey));
  const [pager] = useState(() => createPager(source, itemKey, state, setState));
  useFreshFirstPage(initial, (fresh) => pager.fresh(fresh));
  return { ...state, loadMore: pager.loadMore, retry: pager.retry, refresh: pager.refresh, mapItems: pager.mapItems };
}
