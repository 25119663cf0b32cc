import { endpoint, outcomeEndpoint } from "../client.ts";
import { itemCalls, type FollowedSeries, type ResourceFilter, type ResourceHome, type ResourceItem, type ResourceListInput, type ResourceUnit } from "./resources.ts";
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

// The kind's own calls: the detail, chapters and the reader, recommendations, marks, comments and purchases.

/** What a locked novel or chapter needs to show its unlock panel: the caller's balance (a visitor: `is_member` 0). */
export type NovelViewer = { coins: number; vip: number; tickets: number; community_left: number; is_member: number };

export interface NovelDetail extends Novel {
  is_like: number;
  is_favorite: number;
  /** 1 when the caller follows the novel's series (a book is its own series). */
  is_follow: number;
  /** What the whole book costs the caller now: its price less the coins paid for its chapters (decision 041); 0 when owned or not sold whole. */
  book_price: number;
  /** Chapters open to the caller now / chapters in all. */
  open_count: number;
  viewer: NovelViewer;
}

/** A chapter to read: its text once the caller may open it, else its price (`locked` 1, `content` empty). */
export interface NovelChapter {
  id: number;
  item_id: number;
  novel_title: string;
  seq: number;
  title: string;
  coins: number;
  vip_free: number;
  locked: number;
  /** Plain text, paragraphs separated by a newline. */
  content: string;
  /** The chapters before and after it (0: none). */
  prev_id: number;
  next_id: number;
  chapter_count: number;
  book_price: number;
  viewer: NovelViewer;
}

/** What buying a chapter or the whole book answers (never throws): whether it charged, the spend, the balance after. */
export type NovelPurchase = { charged: number; coins_spent: number; coins: number };

export const MAX_NOVEL_COMMENT = 500;

/** Extension: one novel for the caller (the product names the screen but no call for it); counts a view. */
export const detail = endpoint<{ id: number }, NovelDetail>("/api/novel/detail");
/** The novel's chapters in order, each saying whether the caller may open it. */
export const chaptersList = endpoint<{ id: number } & Page, Paged<ResourceUnit>>("/api/novel/chaptersList");
/** One chapter (`id` is the chapter's): its text, or locked with its price. */
export const chapterDetail = endpoint<{ id: number }, NovelChapter>("/api/novel/chapterDetail");
/** Novels like this one (shared tags first), never the novel itself. */
export const recommend = endpoint<{ id: number }, Novel[]>("/api/novel/recommend");
/** The like, the favourite and the comments of a novel (`itemCalls`): the comment list and the comment are the product's, the others extensions. */
export const { like, favorite, comments, replies, likeComment, comment } = itemCalls("/api/novel", "like_comment");
/** Extension: buys one chapter (`id` is the chapter's), once per chapter and `request_id`. */
export const buy = outcomeEndpoint<{ id: number; request_id?: string }, NovelPurchase>("/api/novel/buy", { repeat: "request_id", strings: { request_id: true } });
/** Extension: buys the whole novel at `book_price` (decision 041), once. */
export const buyBook = outcomeEndpoint<{ id: number; request_id?: string }, NovelPurchase>("/api/novel/buy_book", { repeat: "request_id", strings: { request_id: true } });
