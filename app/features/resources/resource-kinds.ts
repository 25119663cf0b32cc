import * as audio from "#gateway/api/audio.ts";
import * as comics from "#gateway/api/comics.ts";
import * as games from "#gateway/api/games.ts";
import * as novels from "#gateway/api/novels.ts";
import * as pictures from "#gateway/api/pictures.ts";
import type { FollowedSeries, ResourceFilter, ResourceHome, ResourceItem, ResourceKind, ResourceListInput } from "#gateway/api/resources.ts";
import type { GlobalConfig, Page, Paged, SortTab } from "#gateway/api/types.ts";
import type { Endpoint } from "#gateway/client.ts";
import { RESOURCE_KIND_NAMES, type ResourceKindName } from "./resource-kind-names.ts";

// The five kinds of the 资源 tab: what the tab, /category and the member's lists need of each. A new kind is one entry.

type Call<I, O> = Endpoint<I, O, O>;
type ListCall = Call<ResourceListInput, Paged<ResourceItem>>;

/** A set of filters and the list that takes them (a kind's 筛选, comics' 找漫画). */
export interface FilterSet {
  /** In the query string as `find=1` when it is not the kind's first set. */
  key: "list" | "find";
  label: string;
  conf: Call<void, ResourceFilter[]>;
  list: ListCall;
}

export interface ResourceKindEntry extends ResourceKindName {
  home: Call<void, ResourceHome>;
  list: ListCall;
  filterSets: FilterSet[];
  /** The member's favourites; of a kind filed in groups (`isGroupedKind`), one group's with `group_id`. */
  listFavorite: Call<Page & { group_id?: number }, Paged<ResourceItem>>;
  listFollow?: Call<Page, Paged<FollowedSeries>>;
}

export const RESOURCE_KINDS: Record<ResourceKind, ResourceKindEntry> = {
  comic: {
    ...RESOURCE_KIND_NAMES.comic,
    home: comics.home,
    list: comics.list,
    filterSets: [
      { key: "list", label: "筛选", conf: comics.filters, list: comics.list },
      { key: "find", label: "找漫画", conf: comics.findConf, list: comics.findList },
    ],
    listFavorite: comics.listFavorite,
  },
  novel: {
    ...RESOURCE_KIND_NAMES.novel,
    home: novels.home,
    list: novels.list,
    filterSets: [{ key: "list", label: "找小说", conf: novels.findConf, list: novels.findList }],
    listFavorite: novels.listFavorite,
    listFollow: novels.listFollow,
  },
  picture: {
    ...RESOURCE_KIND_NAMES.picture,
    home: pictures.home,
    list: pictures.list,
    filterSets: [{ key: "list", label: "标签", conf: pictures.filters, list: pictures.list }],
    listFavorite: pictures.listFavorite,
    listFollow: pictures.listFollow,
  },
  audio: {
    ...RESOURCE_KIND_NAMES.audio,
    home: audio.home,
    list: audio.list,
    filterSets: [],
    listFavorite: audio.listFavorite,
    listFollow: audio.listFollow,
  },
  game: {
    ...RESOURCE_KIND_NAMES.game,
    home: games.home,
    list: games.list,
    filterSets: [{ key: "list", label: "标签", conf: games.filters, list: games.list }],
    listFavorite: games.listFavorite,
  },
};

export { KIND_ORDER, kindOf } from "./resource-kind-names.ts";

const DEFAULT_SORTS: SortTab[] = [
  { sort: "new", name: "最新" },
  { sort: "hot", name: "最热" },
];

/** The kind's sort tabs from the config (its `sort_tabs` entry), else 最新/最热. */
export function sortTabsOf(entry: ResourceKindEntry, config: GlobalConfig | null): SortTab[] {
  const tabs = entry.sortTabs ? config?.sort_tabs[entry.sortTabs] : undefined;
  return tabs?.length ? tabs : DEFAULT_SORTS;
}
