import type { Paged } from "#gateway/api/types.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { withFreshFirstPage } from "#app/lib/fresh-first-page.ts";
import type { PagedSource } from "./paged-source.ts";

/** What a paged list shows. */
export interface PagedState<T> {
  items: T[];
  /** The last page loaded; 0 before the first. */
  page: number;
  hasMore: boolean;
  /** Why the last page failed to load; empty when it did not. */
  error: string;
  /** A next page is on its way. */
  loading: boolean;
}

export type ItemKey<T> = (item: T) => string | number;

export const notLoaded = <T>(): PagedState<T> => ({ items: [], page: 0, hasMore: true, error: "", loading: false });

export const fromPage = <T>(p: Paged<T>): PagedState<T> => ({ items: p.list, page: p.page, hasMore: p.has_more, error: "", loading: false });

/** The next page added: items already listed (the list moved while it was read) are left out. An empty page ends the list. */
export function withNextPage<T>(s: PagedState<T>, next: Paged<T>, key: ItemKey<T>): PagedState<T> {
  const seen = new Set(s.items.map(key));
  const added = next.list.filter((i) => !seen.has(key(i)));
  return { items: [...s.items, ...added], page: next.page, hasMore: next.has_more && next.list.length > 0, error: "", loading: false };
}

/** A list already on screen meets a fresh first page (its loader ran again): see `withFreshFirstPage`. */
export function withFresh<T>(s: PagedState<T>, fresh: Paged<T>, key: ItemKey<T>): PagedState<T> {
  const items = withFreshFirstPage(s.items, fresh, key);
  return items ? { ...s, items, loading: false } : fromPage(fresh);
}

/** Where a list starts: as it was left (`saved`), brought up to date by the loader's first page; else that page; else nothing yet. */
export function startState<T>(initial: Paged<T> | undefined, saved: PagedState<T> | undefined, key: ItemKey<T>): PagedState<T> {
  if (!saved) return initial ? fromPage(initial) : notLoaded();
  return initial ? withFresh(saved, initial, key) : { ...saved, loading: false };
}

/** The engine without React: one page at a time, and answers that came after a refresh dropped. */
export interface Pager<T> {
  readonly state: PagedState<T>;
  /** The next page, unless one is on its way or the list has ended; a failure is kept in `error`, never thrown. */
  loadMore(): Promise<void>;
  /** Loads the next page again after a failure. */
  retry(): Promise<void>;
  /** The first page again (pull-to-refresh); the list starts over from it. Rejects when it fails, leaving the list as it was. */
  refresh(): Promise<void>;
  /** A fresh first page from the loader: the list keeps its pages when it still starts so, else starts over. */
  fresh(page: Paged<T>): void;
  /** Changes the items in place (a patch made elsewhere). */
  mapItems(fn: (items: T[]) => T[]): void;
}

export function createPager<T>(source: PagedSource<T>, key: ItemKey<T>, start: PagedState<T>, onChange: (state: PagedState<T>) => void): Pager<T> {
  let state = start;
  let busy = false;
  // Bumped when the list starts over: a page asked for before then belongs to the old list.
  let generation = 0;
  const set = (next: PagedState<T>) => {
    state = next;
    onChange(next);
  };
  const restart = (next: PagedState<T>) => {
    generation++;
    busy = false;
    set(next);
  };
  const loadMore = async () => {
    if (busy || !state.hasMore) return;
    busy = true;
    const asked = generation;
    set({ ...state, loading: true, error: "" });
    try {
      const next = await source.load(state.page + 1);
      if (asked === generation) set(withNextPage(state, next, key));
    } catch (error) {
      if (asked === generation) set({ ...state, loading: false, error: getErrorMessage(error) });
    } finally {
      if (asked === generation) busy = false;
    }
  };
  return {
    get state() {
      return state;
    },
    loadMore,
    retry: loadMore,
    async refresh() {
      restart(fromPage(await source.load(1)));
    },
    fresh(page) {
      restart(withFresh(state, page, key));
    },
    mapItems(fn) {
      set({ ...state, items: fn(state.items) });
    },
  };
}
