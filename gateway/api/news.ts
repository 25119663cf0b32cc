import { endpoint, outcomeEndpoint } from "../client.ts";
import type { Comment } from "./content-types.ts";
import type { Page, Paged } from "./types.ts";

// Scandal news (issue 20): /api/contents/* (docs/protocol.md §9).

export interface NewsCategory {
  id: number;
  name: string;
}

export interface NewsTag {
  id: number;
  name: string;
  /** Articles with the tag. */
  count: number;
}

export interface NewsItem {
  id: number;
  kind: "news";
  title: string;
  cover: string;
  cover_ratio: string;
  category_id: number;
  tags: string[];
  /** Price in coins of the paid part; 0 is free. */
  coins: number;
  /** 1 when the caller bought it. */
  is_pay: number;
  /** 1 when the caller may read all of it (free, or bought). */
  can_read: number;
  like_count: number;
  comment_count: number;
  view_count: number;
  favorite_count: number;
  created_at: string;
}

export interface NewsDetail extends NewsItem {
  /**
   * The article as HTML (paragraphs, images, embedded video): untrusted, the app sanitizes it. When `locked` is
   * 1 it is the free preview only.
   */
  body: string;
  locked: number;
  is_favorite: number;
  viewer: { coins: number; vip: number; tickets: number; community_left: number; is_member: number };
}

export interface NewsPurchase {
  charged: number;
  coins_spent: number;
  coins: number;
  tickets: number;
  news: NewsDetail;
}

export const MAX_NEWS_COMMENT = 500;
export const MAX_NEWS_TAG = 30;

export const categories = endpoint<void, NewsCategory[]>("/api/contents/list_category");
export const tags = endpoint<{ category_id?: number }, NewsTag[]>("/api/contents/list_contents_tag");
/** Extension: the articles of a category or a tag, newest first (the product names no list call). */
export const list = endpoint<{ category_id?: number; tag?: string } & Page, Paged<NewsItem>>("/api/contents/list_contents", { strings: { tag: true } });
export const detail = endpoint<{ id: number }, NewsDetail>("/api/contents/detail_content");
export const buy = outcomeEndpoint<{ id: number; request_id?: string }, NewsPurchase>("/api/contents/buy", { repeat: "request_id", strings: { request_id: true } });
export const favorite = endpoint<{ id: number; group_id?: number }, { is_favorite: number; group_id: number | null }>("/api/contents/favorite", { repeat: "never" });
export const myFavorites = endpoint<Page, Paged<NewsItem>>("/api/contents/list_my_favorite");
export const comments = endpoint<{ id: number } & Page, Paged<Comment>>("/api/contents/list_comments");
/** Extension: the replies to one comment on an article (the product has no call for them). */
export const replies = endpoint<{ comment_id: number } & Page, Paged<Comment>>("/api/contents/list_replies");
export const likeComment = endpoint<{ comment_id: number }, { is_like: number; like_count: number }>("/api/contents/like_comment", { repeat: "never" });
export const comment = endpoint<{ id: number; content: string; reply_to?: number; request_id?: string }, Comment>("/api/contents/create_comment", {
  shown: true,
  repeat: "request_id",
  strings: { content: true, request_id: true },
});
