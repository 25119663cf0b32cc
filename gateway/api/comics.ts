import { endpoint } from "../client.ts";
import type { ResourceFilter, ResourceHome, ResourceItem, ResourceListInput } from "./resources.ts";
import type { Page, Paged } from "./types.ts";

// Comics: /api/comic/*, /api/book/* (issue 19, docs/protocol.md §9). The first block is what the 资源 tab lists (shared shapes of resources.ts);
// the kind's own calls follow it.

const LIST_STRINGS = { strings: { sort: true, tag: true, kw: true } } as const;

export type Comic = ResourceItem & { kind: "comic" };

export const home = endpoint<void, ResourceHome<Comic>>("/api/comic/home");
export const list = endpoint<ResourceListInput, Paged<Comic>>("/api/comic/list", LIST_STRINGS);
/** The list's filters (状态, 标签). */
export const filters = endpoint<void, ResourceFilter[]>("/api/book/list_filter");
/** The 找漫画 screen's filter groups, and its list. */
export const findConf = endpoint<void, ResourceFilter[]>("/api/comic/find_conf");
export const findList = endpoint<ResourceListInput, Paged<Comic>>("/api/comic/find_list", LIST_STRINGS);
export const listFavorite = endpoint<Page & { group_id?: number }, Paged<Comic>>("/api/comic/list_favorite");
