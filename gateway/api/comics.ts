import { endpoint, outcomeEndpoint, STATUS_CREATED } from "../client.ts";
import type { FavoriteGroup } from "./content-types.ts";
import { itemCalls, type ItemFavorited, type ResourceFilter, type ResourceHome, type ResourceItem, type ResourceListInput, type ResourceUnit } from "./resources.ts";
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

// The kind's own calls: the detail with its episodes, reading one, buying, favourites in groups, and (extensions)
// likes, comments and reports of a comic.

export const MAX_COMIC_COMMENT = 500;
/** What a screen that unlocks needs of the caller: the balance, VIP, and whether they are signed in. */
export type ComicViewer = { coins: number; vip: number; tickets: number; community_left: number; is_member: number };

export interface ComicDetail extends Comic {
  is_like: number;
  is_favorite: number;
  /** The favourite group the comic is filed in; null outside any group (or not a favourite). */
  group_id: number | null;
  /** 1 when the caller follows the comic's series. */
  is_follow: number;
  /** What the whole book costs the caller now: its price less the coins paid for its episodes (decision 041); 0 when not sold whole. */
  book_price: number;
  viewer: ComicViewer;
}

/** A comic's detail and its episodes, first to last. */
export interface ComicEpisodes {
  comic: ComicDetail;
  episodes: ResourceUnit[];
}

/** One page of an episode: an encrypted image address (docs/protocol.md §7) and its ratio (`3X4`). */
export interface ComicPage {
  url: string;
  ratio: string;
}

/** One episode to read: its pages, or `locked` with no pages when the caller may not open it yet. */
export interface ComicEpisodeRead {
  comic_id: number;
  comic_title: string;
  episode: ResourceUnit;
  locked: number;
  pages: ComicPage[];
  /** The episodes before and after (0: none). */
  prev_id: number;
  next_id: number;
  viewer: ComicViewer;
}

/** What buying an episode (`chapter_id`) or the whole book answers. */
export interface BookPurchase {
  /** 1 when this call charged; 0 when it was bought already (a retry, a double tap). */
  charged: number;
  coins_spent: number;
  /** The caller's balance after it. */
  coins: number;
  item_id: number;
  /** The episode bought; 0 for the whole book. */
  chapter_id: number;
}

export type Favorited = ItemFavorited;

export const listEpisode = endpoint<{ id: number }, ComicEpisodes>("/api/book/list_episode");
/** A comic's detail alone: `list_episode`'s `comic`. */
export const detail = endpoint<{ id: number }, ComicDetail>("/api/book/detail");
/** One episode's pages, or a locked answer (status 200, `locked: 1`). */
export const read = endpoint<{ id: number; episode_id: number }, ComicEpisodeRead>("/api/book/read");
/** Buys an episode (`chapter_id`) or, without it, the whole book; never throws, says how it went. */
export const buy = outcomeEndpoint<{ id: number; chapter_id?: number; request_id?: string }, BookPurchase>("/api/book/buy", {
  shown: true,
  repeat: "request_id",
  strings: { request_id: true },
});
/**
 * The like, the favourite and the comments of a comic (`itemCalls`). The favourite is the product's: it files the
 * comic into a group, or toggles it without `group_id`; the others are extensions.
 */
export const { like, favorite, comments, replies, likeComment, comment } = itemCalls("/api/comic", "comment_like");
export const likeGroups = endpoint<void, FavoriteGroup[]>("/api/book/list_like_group");
export const createLikeGroup = endpoint<{ name: string; request_id?: string }, FavoriteGroup>("/api/book/create_like_group", { repeat: "request_id", strings: { name: true, request_id: true } });
export const updateLikeGroup = endpoint<{ id: number; name: string }, FavoriteGroup>("/api/book/update_like_group", { expect: STATUS_CREATED, strings: { name: true } });
export const deleteLikeGroup = endpoint<{ id: number }, { ok: true }>("/api/book/delete_like_group", { expect: STATUS_CREATED, repeat: "never" });

/** Extension: reports a comic. */
export const report = endpoint<{ id: number; type_id: number; content?: string }, { ok: true }>("/api/comic/report", { shown: true, strings: { content: true } });
