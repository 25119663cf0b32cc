import { endpoint } from "../client.ts";
import type { Comment, CreatorBrief, Headline, ImageRef, Video } from "./content-types.ts";
import type { Page, Paged } from "./types.ts";

// The post circle and video requests (issue 20): /api/find/*, /api/wei/list (docs/protocol.md §9). A request
// ("want to see", 求片) is a circle post asking for a video, with an optional reward in coins. Posting one and
// asking whether the member may post are `video.requestFind` and `video.checkFind` (`/api/find/create`,
// `/api/find/checkFind`), which also ask for a video of the catalogue.

export interface CirclePost {
  id: number;
  kind: "post";
  /** The first words of the text. */
  excerpt: string;
  images: ImageRef[];
  /** An uploaded video, or null. */
  video: { url: string } | null;
  /** 1: a request for a video. */
  is_request: number;
  /** A request's reward in coins (what its author and others added). */
  coins: number;
  /** 1: picked by the editors (精华). */
  essence: number;
  reply_count: number;
  like_count: number;
  view_count: number;
  is_like: number;
  creator: CreatorBrief;
  topic: { id: number; title: string } | null;
  created_at: string;
}

export interface FollowUp {
  id: number;
  content: string;
  created_at: string;
}

export interface CirclePostDetail extends CirclePost {
  content: string;
  /** The author's follow-ups, oldest first. */
  appends: FollowUp[];
  /** 1 when the caller wrote it. */
  is_mine: number;
  viewer: { coins: number; is_member: number };
}

export interface CircleTopic {
  id: number;
  title: string;
  post_count: number;
}

export interface MyReply {
  id: number;
  content: string;
  created_at: string;
  post: { id: number; excerpt: string };
}

/** Limits of a post (characters, pictures, coins), shared by the server and the composer. */
export const POST_TEXT = { min: 5, max: 1000 } as const;
export const MAX_POST_IMAGES = 9;
export const MAX_REWARD = 10_000;
export const MAX_REPLY = 500;
export const MAX_FOLLOW_UP = 500;

export type PostField = "content" | "images" | "coins";

/** What is wrong with a post or request before it is sent, by field; empty when nothing is (the gateway checks the same). */
export function postProblems(p: { content: string; images: number; coins: number }): Partial<Record<PostField, string>> {
  const problems: Partial<Record<PostField, string>> = {};
  const length = p.content.trim().length;
  if (length < POST_TEXT.min) problems.content = `内容至少 ${POST_TEXT.min} 个字`;
  else if (length > POST_TEXT.max) problems.content = `内容最多 ${POST_TEXT.max} 字`;
  if (p.images > MAX_POST_IMAGES) problems.images = `最多 ${MAX_POST_IMAGES} 张图片`;
  if (!Number.isSafeInteger(p.coins) || p.coins < 0 || p.coins > MAX_REWARD) problems.coins = `悬赏应为 0–${MAX_REWARD} 金币`;
  return problems;
}
/** Posts a member may write a day (China time). */
export const POSTS_PER_DAY = 10;
/** Members whose reports hide a post or headline from the feeds until it is reviewed (decision 040). */
export const REPORTS_TO_HIDE = 3;

/** The circle's posts in a sort; a topic's, or a category's (the dark-web section's categories, `home.categories`). */
export const list = endpoint<{ sort?: string; topic_id?: number; category_id?: number } & Page, Paged<CirclePost>>("/api/find/list", { strings: { sort: true } });
/** Extension: one post with its whole text and follow-ups (the product names no call for it). */
export const detail = endpoint<{ id: number }, CirclePostDetail>("/api/find/detail");
/** Extension: the circle's topics, biggest first. */
export const topics = endpoint<void, CircleTopic[]>("/api/find/topics");
export const headlines = endpoint<Page, Paged<Headline>>("/api/wei/list");
/** The requests board: open requests, biggest reward first. */
export const wantLook = endpoint<Page, Paged<CirclePost>>("/api/find/wantLook");
/** Requests ranked by reward and replies. */
export const rank = endpoint<Page, Paged<CirclePost & { rank: number }>>("/api/find/rank");

export const replies = endpoint<{ id: number } & Page, Paged<Comment>>("/api/find/replyByFind");
/** The replies to one reply, oldest first. */
export const replyReplies = endpoint<{ comment_id: number } & Page, Paged<Comment>>("/api/find/commentReply");
export const reply = endpoint<{ id: number; content: string; reply_to?: number; video_id?: number; request_id?: string }, Comment>("/api/find/reply", {
  shown: true,
  repeat: "request_id",
  strings: { content: true, request_id: true },
});
export const praiseReply = endpoint<{ comment_id: number }, { is_like: number; like_count: number }>("/api/find/praiseReply", { repeat: "never" });
/** The videos offered in answer to a request. */
export const mvList = endpoint<{ id: number } & Page, Paged<Video>>("/api/find/mvList");
/** A follow-up by the post's author. */
export const appendDetail = endpoint<{ id: number; content: string; request_id?: string }, FollowUp>("/api/find/appendDetail", {
  shown: true,
  repeat: "request_id",
  strings: { content: true, request_id: true },
});
/** Adds coins to a request's reward; once per `request_id`. */
export const appendCoins = endpoint<{ id: number; coins: number; request_id?: string }, { reward: number; coins: number }>("/api/find/appendCoins", {
  shown: true,
  repeat: "request_id",
  strings: { request_id: true },
});

export const myFindList = endpoint<Page, Paged<CirclePost>>("/api/find/myFindList");
/** The catalogue's videos the caller asked for ("want this video"). */
export const myLook = endpoint<Page, Paged<Video>>("/api/find/myLook");
export const myReply = endpoint<Page, Paged<MyReply>>("/api/find/myReply");
