import { endpoint } from "../client.ts";
import type { FollowedSeries, ResourceHome, ResourceItem, ResourceListInput } from "./resources.ts";
import type { Page, Paged } from "./types.ts";

// Audio books: /api/audio/* (issue 19, docs/protocol.md §9). The first block is what the 资源 tab lists (shared shapes of resources.ts);
// the kind's own calls follow it.

const LIST_STRINGS = { strings: { sort: true, tag: true, kw: true } } as const;

export type AudioBook = ResourceItem & { kind: "audio" };

export const home = endpoint<void, ResourceHome<AudioBook>>("/api/audio/home");
export const list = endpoint<ResourceListInput, Paged<AudioBook>>("/api/audio/list", LIST_STRINGS);
export const listFavorite = endpoint<Page, Paged<AudioBook>>("/api/audio/list_favorite");
export const listFollow = endpoint<Page, Paged<FollowedSeries<AudioBook>>>("/api/audio/list_follow_audio");
