import { endpoint, outcomeEndpoint } from "../client.ts";
import { itemCalls, seriesCalls, type FollowedSeries, type ResourceHome, type ResourceItem, type ResourceListInput, type ResourceUnit } from "./resources.ts";
import type { Page, Paged } from "./types.ts";

// Audio books: /api/audio/* (issue 19, docs/protocol.md §9). The first block is what the 资源 tab lists (shared shapes of resources.ts);
// the kind's own calls follow it.

const LIST_STRINGS = { strings: { sort: true, tag: true, kw: true } } as const;

export type AudioBook = ResourceItem & { kind: "audio" };

export const home = endpoint<void, ResourceHome<AudioBook>>("/api/audio/home");
export const list = endpoint<ResourceListInput, Paged<AudioBook>>("/api/audio/list", LIST_STRINGS);
export const listFavorite = endpoint<Page, Paged<AudioBook>>("/api/audio/list_favorite");
export const listFollow = endpoint<Page, Paged<FollowedSeries<AudioBook>>>("/api/audio/list_follow_audio");

// The kind's own calls: the detail, chapters with their audio, marks, comments and purchases.

/** What a locked chapter or book needs to show its unlock panel: the caller's balance (a visitor: `is_member` 0). */
export type AudioViewer = { coins: number; vip: number; tickets: number; community_left: number; is_member: number };

export interface AudioDetail extends AudioBook {
  is_like: number;
  is_favorite: number;
  /** 1 when the caller follows the book's series (a book is its own series). */
  is_follow: number;
  /** What the whole book costs the caller now: its price less the coins paid for its chapters (decision 041); 0 when owned or not sold whole. */
  book_price: number;
  /** Chapters open to the caller now. */
  open_count: number;
  /** Seconds of every chapter together. */
  duration: number;
  viewer: AudioViewer;
}

/** A chapter of an audio book: its length, and its audio's address once the caller may play it. */
export interface AudioChapter extends ResourceUnit {
  /** Seconds. */
  duration: number;
  /**
   * Where its audio is (a WAV), only when `can_open` is 1, else null. The address carries a grant for this
   * caller that runs out after some hours: ask the chapter list again for a fresh one.
   */
  audio_url: string | null;
}

/** What buying a chapter or the whole book answers (never throws): whether it charged, the spend, the balance after. */
export type AudioPurchase = { charged: number; coins_spent: number; coins: number };

export const MAX_AUDIO_COMMENT = 500;

/** Extension: one audio book for the caller (the product names the screen but no call for it); counts a play view. */
export const detail = endpoint<{ id: number }, AudioDetail>("/api/audio/detail");
/** The book's chapters in order, each with its length and, when the caller may play it, its audio. */
export const chaptersList = endpoint<{ id: number } & Page, Paged<AudioChapter>>("/api/audio/chaptersList");
/** Buys one chapter (`id` is the chapter's), once per chapter and `request_id`. */
export const buy = outcomeEndpoint<{ id: number; request_id?: string }, AudioPurchase>("/api/audio/buy", { shown: true, repeat: "request_id", strings: { request_id: true } });
/** Buys the whole book at `book_price` (decision 041), once. */
export const buyBook = outcomeEndpoint<{ id: number; request_id?: string }, AudioPurchase>("/api/audio/buy_book", { shown: true, repeat: "request_id", strings: { request_id: true } });
/** Extensions: the like, the favourite and the comments of a book (`itemCalls`). */
export const { like, favorite, comments, replies, likeComment, comment } = itemCalls("/api/audio", "like_comment");
/** The series calls at the kind's own paths: the same answers as `/api/novel/follow_series` and `list_follow_series`. */
export const { followSeries, listFollowSeries } = seriesCalls("/api/audio");
