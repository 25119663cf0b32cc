import { endpoint } from "../client.ts";
import type { FollowedSeries, ResourceFilter, ResourceHome, ResourceItem, ResourceListInput } from "./resources.ts";
import type { Page, Paged } from "./types.ts";

// Novels: /api/novel/* (issue 19, docs/protocol.md §9). The first block is what the 资源 tab lists (shared shapes of resources.ts);
// the kind's own calls follow it.

const LIST_STRINGS = { strings: { sort: true, tag: true, kw: true } } as const;

export type Novel = ResourceItem & { kind: "novel" };

export const home = endpoint<void, ResourceHome<Novel>>("/api/novel/home");
export const list = endpoint<ResourceListInput, Paged<Novel>>("/api/novel/list", LIST_STRINGS);
export const findConf = endpoint<void, ResourceFilter[]>("/api/novel/find_conf");
export const findList = endpoint<ResourceListInput, Paged<Novel>>("/api/novel/find_list", LIST_STRINGS);
export const listFavorite = endpoint<Page, Paged<Novel>>("/api/novel/list_favorite");
/** The novels the member follows (their series), newest follow first. */
export const listFollow = endpoint<Page, Paged<FollowedSeries<Novel>>>("/api/novel/list_follow_novel");
