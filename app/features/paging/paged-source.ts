import type { Page, Paged } from "#gateway/api/types.ts";
import type { Endpoint } from "#gateway/client.ts";
import { api } from "#app/lib/gateway.ts";

// No React in this module's graph: section loaders run it from early-start.ts, before React has downloaded.

/** What a list call takes beside `page` and `limit`; nothing at all for a call that takes only those. */
export type PageParams<I> = keyof Omit<I, keyof Page> extends never ? Record<string, never> : Omit<I, keyof Page>;

/**
 * One paged list: an endpoint, its params and a page size. A route module defines it once; its loader asks
 * for `firstPage(source)` and its screen hands the same source to `PagedList` or `VideoFeed`.
 */
export interface PagedSource<T> {
  /** The endpoint's path and params (without page and limit): what the player's stack remembers. */
  readonly path: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly limit: number;
  /** The list's identity (path, params, limit): a list shown again keeps what it had loaded under it. */
  readonly key: string;
  /** Page `page` (from 1), through the app's one client (inside `together`, as part of its batch). */
  readonly load: (page: number) => Promise<Paged<T>>;
}

/**
 * A paged source of `endpoint`, asked with `params` and `limit` items a page. The compiler rejects params
 * the endpoint does not take, and a call that does not answer a page. Params left undefined are not sent.
 * Its pages go through `send`: the app's one client unless a caller (a test) gives its own.
 */
export function pagedSource<I extends Page, T>(endpoint: Endpoint<I, Paged<T>, Paged<T>>, params: PageParams<I>, limit: number, send: typeof api = api): PagedSource<T> {
  const sent = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
  const query = new URLSearchParams(
    Object.entries({ ...sent, limit })
      // Code-unit order, not localeCompare: its first call builds a collator for the page's locale (zh-CN),
      // 25-60 ms on the first screen's main thread before its first call could go out.
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, String(v)]),
  );
  return {
    path: endpoint.path,
    params: sent,
    limit,
    key: `${endpoint.path}?${query}`,
    load: (page) => send(endpoint, { ...sent, page, limit } as unknown as I),
  };
}

/** The first page of a source: what a route's clientLoader returns for its list. */
export const firstPage = <T>(source: PagedSource<T>): Promise<Paged<T>> => source.load(1);
