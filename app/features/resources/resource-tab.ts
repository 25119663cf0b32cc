import type { ResourceFilter, ResourceHome, ResourceItem, ResourceKind } from "#gateway/api/resources.ts";
import type { Paged, SortTab } from "#gateway/api/types.ts";
import { firstPage, pagedSource, type PagedSource } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import { kindOf, RESOURCE_KINDS, sortTabsOf, type FilterSet, type ResourceKindEntry } from "./resource-kinds.ts";

// The 资源 tab's state lives in the query string (`/resource?type=novel&sort=hot&tag=…`), so links and back work.

const PAGE_SIZE = 20;

export interface FilterValues {
  tag?: string;
  is_end?: number;
  category_id?: number;
}

export interface TabQuery {
  kind: ResourceKind;
  sort?: string;
  /** Comics' 找漫画: the second filter set. */
  find: boolean;
  filters: FilterValues;
}

const positive = (v: string | null) => {
  const n = Number(v);
  return v !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function readTabQuery(url: URL): TabQuery {
  const q = url.searchParams;
  const isEnd = q.get("is_end");
  return {
    kind: kindOf(q.get("type")) ?? "comic",
    sort: q.get("sort")?.trim().slice(0, 20) || undefined,
    find: q.get("find") === "1",
    filters: {
      tag: q.get("tag")?.trim().slice(0, 30) || undefined,
      is_end: isEnd === "0" || isEnd === "1" ? Number(isEnd) : undefined,
      category_id: positive(q.get("category_id")),
    },
  };
}

/** The tab's address for `q` (only what differs from the defaults is written). */
export function tabHref(q: TabQuery): string {
  const p = new URLSearchParams({ type: q.kind });
  if (q.sort) p.set("sort", q.sort);
  if (q.find) p.set("find", "1");
  for (const [k, v] of Object.entries(q.filters)) if (v !== undefined) p.set(k, String(v));
  return `/resource?${p}`;
}

/** The filter set in use: comics' 找漫画 when asked, else the kind's first set. */
export function filterSetOf(entry: ResourceKindEntry, find: boolean): FilterSet | undefined {
  return (find && entry.filterSets.find((s) => s.key === "find")) || entry.filterSets[0];
}

const hasFilters = (f: FilterValues) => Object.values(f).some((v) => v !== undefined);

/** A kind's cards in one sort, with filters: through the filter set's list once one is chosen (or in 找漫画). */
export function kindFeed(entry: ResourceKindEntry, sort: string, filters: FilterValues = {}, find = false): PagedSource<ResourceItem> {
  const set = filterSetOf(entry, find);
  const list = set && (find || hasFilters(filters)) ? set.list : entry.list;
  return pagedSource(list, { sort, ...filters }, PAGE_SIZE);
}

// A kind's home and filters change seldom: moving between its sorts and filters does not ask for them again.
const KEEP_MS = 60_000;
const kept = new Map<string, { at: number; value: Promise<unknown> }>();
function keep<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.value as Promise<T>;
  const value = load();
  kept.set(key, { at: Date.now(), value });
  // A failure is not kept.
  value.catch(() => kept.delete(key));
  return value;
}

export interface ResourceTabData {
  query: TabQuery;
  sorts: SortTab[];
  sort: string;
  home: ResourceHome | null;
  filters: ResourceFilter[];
  /** Undefined when the first page failed: the list asks again and shows why. */
  first: Paged<ResourceItem> | undefined;
}

/** Everything one kind's sub-tab shows, in one batch; what fails leaves the rest on screen. */
export async function loadResourceTab(url: URL): Promise<ResourceTabData> {
  const query = readTabQuery(url);
  const entry = RESOURCE_KINDS[query.kind];
  const set = filterSetOf(entry, query.find);
  const config = await syncGlobalConfig().catch(() => null);
  const sorts = sortTabsOf(entry, config);
  const sort = sorts.find((s) => s.sort === query.sort)?.sort ?? sorts[0]!.sort;
  const [home, filters, first] = await Promise.all(
    together(() => [
      query.find ? Promise.resolve(null) : keep(`home:${entry.kind}`, () => api(entry.home, undefined)).catch(() => null),
      set ? keep(`filters:${set.conf.path}`, () => api(set.conf, undefined)).catch(() => []) : Promise.resolve([]),
      firstPage(kindFeed(entry, sort, query.filters, query.find)).catch(() => undefined),
    ]),
  );
  return { query, sorts, sort, home, filters, first };
}

export interface KindListData {
  kind: ResourceKind;
  sorts: SortTab[];
  first: Paged<ResourceItem> | undefined;
}

/** A kind's list alone, in its first sort (/category?type=novel). */
export async function loadKindList(kind: ResourceKind): Promise<KindListData> {
  const entry = RESOURCE_KINDS[kind];
  const config = await syncGlobalConfig().catch(() => null);
  const sorts = sortTabsOf(entry, config);
  return { kind, sorts, first: await firstPage(kindFeed(entry, sorts[0]!.sort)).catch(() => undefined) };
}
