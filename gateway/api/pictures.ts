import { endpoint, outcomeEndpoint } from "../client.ts";
import { itemCalls, seriesCalls, type FollowedSeries, type ResourceFilter, type ResourceHome, type ResourceItem, type ResourceListInput } from "./resources.ts";
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

/** What the caller has to unlock with, as the shared unlock panel takes it. */
export interface ResourceViewer {
  coins: number;
  vip: number;
  tickets: number;
  community_left: number;
  is_member: number;
}

/** A priced set shows this many of its first pictures before it is bought (a free set shows all). */
export const FREE_PICTURES = 6;
export const MAX_PICTURE_COMMENT = 500;

export interface PictureSetDetail extends PictureSet {
  series_id: number | null;
  series_title: string;
  /** Pictures open to the caller: all of a free or bought set, else the first `FREE_PICTURES`. */
  free_count: number;
  /** 1 when every picture is open to the caller. */
  can_view: number;
  is_like: number;
  is_favorite: number;
  is_follow: number;
  viewer: ResourceViewer;
}

/** One picture of a set. A locked one carries no address (`url` null) until the set is bought. */
export interface PictureImage {
  seq: number;
  url: string | null;
  ratio: string;
  locked: number;
}

export interface PictureBuyResult {
  /** 1 when this call charged; 0 when the set was already bought (a retry or a double tap). */
  charged: number;
  coins_spent: number;
  /** The caller's balance after. */
  coins: number;
  set: PictureSetDetail;
}

/** One set for the caller; counts a view. */
export const detail = endpoint<{ id: number }, PictureSetDetail>("/api/picture/detail");
/** The set's pictures in order: addresses only of those open to the caller. */
export const pictureList = endpoint<{ id: number; page?: number; limit?: number }, Paged<PictureImage>>("/api/picture/picture_list");
export const buy = outcomeEndpoint<{ id: number; request_id?: string }, PictureBuyResult>("/api/picture/buy", { shown: true, repeat: "request_id", strings: { request_id: true } });
/** Extensions: the like, the favourite and the comments of a set (`itemCalls`). */
export const { like, favorite, comments, replies, likeComment, comment } = itemCalls("/api/picture", "comment_like");
/** The series calls at the kind's own paths: the same answers as `/api/novel/follow_series` and `list_follow_series`. */
export const { followSeries, listFollowSeries } = seriesCalls("/api/picture");
