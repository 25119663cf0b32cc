import { endpoint, silentEndpoint } from "../client.ts";
import type { Comment } from "./content-types.ts";
import type { Page, Paged } from "./types.ts";

// What the five kinds of the 资源 tab share (issue 19): comics, novels, picture sets, audio books, games. Each
// kind's calls are in its own file (comics.ts, novels.ts, pictures.ts, audio.ts, games.ts).

export type ResourceKind = "comic" | "novel" | "picture" | "audio" | "game";

/** One card of a resource list: what every kind's list answers, each kind adding its own fields. */
export interface ResourceItem {
  id: number;
  kind: ResourceKind;
  title: string;
  cover: string;
  cover_ratio: string;
  description: string;
  tags: string[];
  /** Price in coins of the whole item (0: free, or sold by chapter only). */
  coins: number;
  /** 1 when only VIPs may open it without paying. */
  vip_free: number;
  /** 1 when the caller bought the whole item. */
  is_pay: number;
  like_count: number;
  comment_count: number;
  view_count: number;
  favorite_count: number;
  /** Chapters or episodes (comics, novels, audio); pictures in a set; 0 for games. */
  unit_count: number;
  /** 1 when finished (完结), 0 while new chapters still come. */
  is_end: number;
  created_at: string;
  updated_at: string;
  /** Extension (decision 084): 1 on an item taken down that the caller bought and keeps (已下架); absent otherwise. */
  off_shelf?: 1;
}

/** One chapter or episode of a comic, novel or audio book, as its chapter list answers it. */
export interface ResourceUnit {
  id: number;
  item_id: number;
  seq: number;
  title: string;
  /** Price in coins of this unit alone (0: free). */
  coins: number;
  vip_free: number;
  /** 1 when the caller may open it now (free, VIP, bought alone or with the whole book). */
  can_open: number;
}

/** Where a member is in an item: a chapter and a position in it, kept by the gateway, newest wins. */
// A type alias, not an interface: call fields must be an index-signature-compatible record.
export type Progress = {
  item_id: number;
  /** The chapter or episode (`ResourceUnit.id`); 0 for an item without parts. */
  unit_id: number;
  /** Kind-specific: a novel's fraction of the chapter read (0–1), a comic's page, audio's second, a video's second (decision 081). */
  position: number;
  /** When the member was there (device clock, ms): the newer of two devices wins. */
  updated_at: number;
  /** Videos only: the video's length in seconds as the player knew it (0: unknown). */
  duration?: number;
  /** Videos only: the position is past `VIDEO_FINISHED` of `duration`. */
  finished?: boolean;
};

/** What a save sends: the progress without what the gateway works out. */
export type ProgressSave = Omit<Progress, "finished">;

/** A video's position past this fraction of its length counts as watched to the end (decision 081). */
export const VIDEO_FINISHED = 0.95;

/** Extension: the member's progress in an item, or null (decisions 041, 081). */
export const progress = endpoint<{ item_id: number }, Progress | null>("/api/resource/progress");
/** Extension: saves the member's progress; an older `updated_at` than the stored one is ignored. Silent: saved in the background. */
export const saveProgress = silentEndpoint<ProgressSave, Progress>("/api/resource/save_progress");

/** A kind's home on the 资源 tab: banners and sections of items. */
export interface ResourceHome<T extends ResourceItem = ResourceItem> {
  banners: { id: number; title: string; img_url: string; url: string }[];
  sections: { id: number; title: string; items: T[] }[];
}

/** One filter of a kind's list (状态, 标签, …): the value goes back in the list's field named `key`. */
export interface ResourceFilter {
  key: "tag" | "is_end" | "category_id";
  name: string;
  options: { value: string; name: string }[];
}

/** What every kind's list takes: a sort from the config's `sort_tabs` (`new`, `hot`, …) and the filters' fields. */
export type ResourceListInput = { sort?: string; tag?: string; is_end?: number; category_id?: number; kw?: string; page?: number; limit?: number };

/** A followed series with its newest item. */
export interface FollowedSeries<T extends ResourceItem = ResourceItem> {
  series_id: number;
  series_title: string;
  item_count: number;
  latest: T;
  followed_at: string;
}

/**
 * The series calls under `base`: the product has them at `/api/novel`, `/api/picture` and `/api/audio`, answered
 * alike (decision 070). Free of side effects like `endpoint`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function seriesCalls(base: string) {
  return {
    /** Follows or unfollows the series of an item (novel, comic, picture set, audio book); a book is its own series. */
    followSeries: endpoint<{ id: number }, { is_follow: number }>(`${base}/follow_series`, { repeat: "never" }),
    /** Every series the member follows, of any kind, newest follow first. */
    listFollowSeries: endpoint<{ page?: number; limit?: number }, Paged<FollowedSeries>>(`${base}/list_follow_series`),
  };
}

export const { followSeries, listFollowSeries } = seriesCalls("/api/novel");
/** Extension: what the member bought of one kind (whole items and items with bought chapters), newest first (/my/my-purchase). */
export const listBought = endpoint<{ kind: ResourceKind; page?: number; limit?: number }, Paged<ResourceItem>>("/api/resource/list_buy", { strings: { kind: true } });

// The marks and comments of an item are the same calls for every kind, at the kind's own paths.

/** A like of an item, or of a comment on it, after the toggle. */
export type ItemLiked = { is_like: number; like_count: number };
/** A favourite after the toggle; `group_id` is the group it is filed in (comics only, else null). */
export type ItemFavorited = { is_favorite: number; group_id: number | null };

/**
 * A kind's like, favourite and comment calls under `base` (`/api/audio`), most of them extensions (docs/protocol.md
 * §9 says which); `likeComment` names the comment like's path, which differs between kinds. Free of side effects
 * like `endpoint`: calls no screen uses stay out of the build.
 */
/* @__NO_SIDE_EFFECTS__ */
export function itemCalls(base: string, likeComment: "like_comment" | "comment_like") {
  return {
    /** Toggles the caller's like of an item. */
    like: endpoint<{ id: number }, ItemLiked>(`${base}/like`, { repeat: "never" }),
    /** Toggles the caller's favourite of an item; comics file it into `group_id` instead when it is given. */
    favorite: endpoint<{ id: number; group_id?: number }, ItemFavorited>(`${base}/favorite`, { repeat: "never" }),
    /** An item's comments, newest first, without replies. */
    comments: endpoint<{ id: number } & Page, Paged<Comment>>(`${base}/comment_list`),
    /** The replies to a comment on an item, oldest first. */
    replies: endpoint<{ comment_id: number } & Page, Paged<Comment>>(`${base}/comment_replies`),
    /** Likes a comment on an item, or takes the like back. */
    likeComment: endpoint<{ comment_id: number }, ItemLiked>(`${base}/${likeComment}`, { repeat: "never" }),
    /** Comments on an item, or replies to a comment (`reply_to`); once per `request_id`. */
    comment: endpoint<{ id: number; content: string; reply_to?: number; request_id?: string }, Comment>(`${base}/comment`, {
      shown: true,
      repeat: "request_id",
      strings: { content: true, request_id: true },
    }),
  };
}

/** The calls `itemCalls` declares for a kind. */
export type ItemCalls = ReturnType<typeof itemCalls>;
