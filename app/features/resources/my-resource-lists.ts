import { resources, type FavoriteGroup } from "#gateway/api/index.ts";
import type { FollowedSeries, ResourceItem, ResourceKind } from "#gateway/api/resources.ts";
import type { Paged } from "#gateway/api/types.ts";
import { groupParam } from "#app/features/favorite/favorite-groups.tsx";
import { FAVORITE_KINDS, isGroupedKind } from "#app/features/favorite/favorite-kinds.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { KIND_ORDER, kindOf, RESOURCE_KINDS } from "./resource-kinds.ts";

// The member's lists of resources: favourites of each kind and followed series (/my/my-like), purchases of each kind (/my/my-purchase).

const PAGE_SIZE = 20;

/** One kind's favourites; of a kind filed in groups, also one group's. */
export const favoriteSource = (kind: ResourceKind, group?: number) =>
  pagedSource(RESOURCE_KINDS[kind].listFavorite, group && isGroupedKind(kind) ? { group_id: group } : {}, PAGE_SIZE);

/** Kinds with a following list of their own (the rest are in 全部). */
export const FOLLOW_KINDS = KIND_ORDER.filter((k) => RESOURCE_KINDS[k].listFollow);

/** Followed series: all of them, or one kind's through its own call. */
export function followSource(kind: ResourceKind | undefined) {
  const call = kind && RESOURCE_KINDS[kind].listFollow;
  return call ? pagedSource(call, {}, PAGE_SIZE) : pagedSource(resources.listFollowSeries, {}, PAGE_SIZE);
}

export const boughtSource = (kind: ResourceKind) => pagedSource(resources.listBought, { kind }, PAGE_SIZE);

export type MyResourceList =
  | { list: "kind"; kind: ResourceKind; first: Paged<ResourceItem> | undefined; groups: FavoriteGroup[]; group: number | undefined }
  | { list: "follow"; kind: ResourceKind | undefined; first: Paged<FollowedSeries> | undefined };

/** The resource list `?list=` names on /my/my-like (`comic`, …, `follow` with `&kind=`), or null for the screen's other lists. */
export async function loadMyResourceList(url: URL): Promise<MyResourceList | null> {
  const list = url.searchParams.get("list");
  const kind = kindOf(list);
  // A failed first page is asked again by the list, which shows why.
  if (kind && isGroupedKind(kind)) {
    const group = groupParam(url);
    const [groups, first] = await Promise.all(together(() => [api(FAVORITE_KINDS[kind].groups.list, undefined), firstPage(favoriteSource(kind, group)).catch(() => undefined)]));
    return { list: "kind", kind, first, groups, group };
  }
  if (kind) return { list: "kind", kind, first: await firstPage(favoriteSource(kind)).catch(() => undefined), groups: [], group: undefined };
  if (list !== "follow") return null;
  const only = kindOf(url.searchParams.get("kind"));
  const followKind = only && FOLLOW_KINDS.includes(only) ? only : undefined;
  return { list: "follow", kind: followKind, first: await firstPage(followSource(followKind)).catch(() => undefined) };
}
