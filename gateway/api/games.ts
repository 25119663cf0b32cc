import { endpoint, outcomeEndpoint } from "../client.ts";
import type { ResourceViewer } from "./pictures.ts";
import { itemCalls, type ResourceFilter, type ResourceHome, type ResourceItem, type ResourceListInput } from "./resources.ts";
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

export const MAX_GAME_COMMENT = 500;

export interface GameDetail extends Game {
  /** The screenshots' addresses, in order. */
  images: string[];
  /** 1 when the caller may play it: free, or bought. */
  can_play: number;
  /** Where to play or download it: only when `can_play`, else null. */
  play_url: string | null;
  is_like: number;
  is_favorite: number;
  viewer: ResourceViewer;
}

export interface GameBuyResult {
  /** 1 when this call charged; 0 when the game was already bought (a retry or a double tap). */
  charged: number;
  coins_spent: number;
  /** The caller's balance after. */
  coins: number;
  game: GameDetail;
}

/** Extension: one game for the caller (the product names no detail call); counts a view. */
export const detail = endpoint<{ id: number }, GameDetail>("/api/porngame/detail");
export const buy = outcomeEndpoint<{ id: number; request_id?: string }, GameBuyResult>("/api/porngame/buy", { shown: true, repeat: "request_id", strings: { request_id: true } });
/** Extensions: the like, the favourite and the comments of a game (`itemCalls`). */
export const { like, favorite, comments, replies, likeComment, comment } = itemCalls("/api/porngame", "comment_like");
