import { endpoint } from "../client.ts";
import type { FollowedSeries, ResourceFilter, ResourceHome, ResourceItem, ResourceListInput } from "./resources.ts";
import type { Page, Paged } from "./types.ts";

// Picture sets: /api/picture/* (issue 19, docs/protocol.md §9). The first block is what the 资源 tab lists (shared shapes of resources.ts);
// the kind's own calls follow it.

const LIST_STRINGS = { strings: { sort: true, tag: true, kw: true } } as const;

export type PictureSet = ResourceItem & { kind: "picture" };

export const home = endpoint<void, ResourceHome<PictureSet>>("/api/picture/home");
export const list = endpoint<ResourceListInput, Paged<PictureSet>>("/api/picture/list", LIST_STRINGS);
/** The tags of picture sets, as a filter. */
export const filters = endpoint<void, ResourceFilter[]>("/api/picture/tag_picture");
export const listFavorite = endpoint<Page, Paged<PictureSet>>("/api/picture/list_favorite");
export const listFollow = endpoint<Page, Paged<FollowedSeries<PictureSet>>>("/api/picture/list_follow_picture");
