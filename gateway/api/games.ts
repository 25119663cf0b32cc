import { endpoint } from "../client.ts";
import type { ResourceFilter, ResourceHome, ResourceItem, ResourceListInput } from "./resources.ts";
import type { Page, Paged } from "./types.ts";

// Games: /api/porngame/* (issue 19, docs/protocol.md §9). The first block is what the 资源 tab lists (shared shapes of resources.ts);
// the kind's own calls follow it.

const LIST_STRINGS = { strings: { sort: true, tag: true, kw: true } } as const;

export type Game = ResourceItem & { kind: "game" };

/** The games' home: its sections are the navigation (categories with their games). */
export const home = endpoint<void, ResourceHome<Game>>("/api/porngame/nav");
export const list = endpoint<ResourceListInput, Paged<Game>>("/api/porngame/list", LIST_STRINGS);
export const filters = endpoint<void, ResourceFilter[]>("/api/porngame/tagsList");
export const listFavorite = endpoint<Page, Paged<Game>>("/api/porngame/list_favorite");
