import { endpoint, outcomeEndpoint, silentEndpoint } from "../client.ts";
import type { Comment, CommunityUnlockResult, Danmu, Gift, PurchaseResult, Video, VideoDetail, WatchedVideo } from "./content-types.ts";
import type { Page, Paged, ReportType } from "./types.ts";

// Video: the player and what hangs on it (docs/protocol.md §9).

export const detail = endpoint<{ id: number }, VideoDetail>("/api/MvDetail/detail");
/** Records a view (the player calls it once a video starts playing). */
export const log = endpoint<{ id: number }, { view_count: number }>("/api/MvDetail/log", { repeat: "never" });
/** Extension: videos like this one (the product has no call for them). */
export const related = endpoint<{ id: number } & Page, Paged<Video>>("/api/MvDetail/related");
export const like = endpoint<{ id: number }, { is_like: number; like_count: number }>("/api/mvDetail/like", { expect: 251, repeat: "never" });
/**
 * Extension: files the video into a favourite group (or toggles a favourite without `group_id`); the product's
 * like has no group.
 */
export const favorite = endpoint<{ id: number; group_id?: number }, { is_favorite: number; group_id: number | null }>("/api/mvDetail/favorite", { repeat: "never" });

// Watch history (decision 081): positions are saved with the resources' `saveProgress` (`unit_id` 0, seconds).
/** Extension: the videos the caller watched, the latest first, each with where they got to. */
export const history = endpoint<Page, Paged<WatchedVideo>>("/api/mv/history");
/** Extension: forgets every video position of the caller. */
export const clearHistory = endpoint<{ request_id?: string }, { ok: true }>("/api/mv/clear_history", { shown: true, repeat: "request_id", strings: { request_id: true } });

// Bullet comments (弹幕, decision 082).
/** Characters of a bullet, after trimming. */
export const MAX_DANMU = 50;
/** The longest window one list call covers, in seconds. */
export const DANMU_WINDOW = 60;
/** The most bullets one window answers. */
export const DANMU_PER_WINDOW = 1000;
/** The colours a bullet may have; the first is the default. */
export const DANMU_COLORS = ["#ffffff", "#fe0302", "#ff7204", "#ffaa02", "#ffd302", "#00cd00", "#00a2ff", "#cc0273"] as const;
/** Extension: the bullets of video `id` from second `from` up to (not including) `to`, by time. */
export const danmuList = silentEndpoint<{ id: number; from: number; to: number }, Danmu[]>("/api/mvDanmu/list");
/** Extension: sends a bullet at second `time` of video `id`. */
export const danmuSend = endpoint<{ id: number; time: number; content: string; color?: string; request_id?: string }, Danmu>("/api/mvDanmu/send", {
  repeat: "request_id",
  strings: { content: true, color: true, request_id: true },
});

// Comments.
export const MAX_COMMENT = 500;
export const comments = endpoint<{ id: number } & Page, Paged<Comment>>("/api/mvComment/comment");
/** Extension: the replies to one comment (the product has no call for them). */
export const replies = endpoint<{ comment_id: number } & Page, Paged<Comment>>("/api/mvComment/replyList");
export const commentLike = silentEndpoint<{ comment_id: number }, { is_like: number; like_count: number }>("/api/mvComment/like", { expect: 251, repeat: "never" });
export const comment = endpoint<{ id: number; content: string; reply_to?: number; request_id?: string }, Comment>("/api/mvComment/pushComment", { expect: 251, repeat: "request_id", strings: { content: true, request_id: true } });

export const MAX_TAG_NAME = 30;
export const tagByName = endpoint<{ name: string } & Page, Paged<Video>>("/api/mvList/tagByName", { strings: { name: true } });
/** The videos of a topic (element), in order. */
export const byElement = endpoint<{ element_id: number } & Page, Paged<Video>>("/api/element/getMvByElementId");

// Reports.
export const MAX_REPORT_TEXT = 500;
export const reportType = endpoint<void, ReportType[]>("/api/MvDetail/reportType");
export const report = endpoint<{ id: number; type_id: number; content?: string }, { ok: true }>("/api/MvDetail/report", { shown: true, strings: { content: true } });

// Gifts and purchases.
export const giftList = endpoint<void, Gift[]>("/api/order/giftList");
export const rewardHer = endpoint<{ id: number; gift_id: number; request_id?: string }, { coins: number }>("/api/user/rewardHer", { repeat: "request_id", strings: { request_id: true } });
export const buyWithCoins = outcomeEndpoint<{ id: number; request_id?: string }, PurchaseResult>("/api/user/watchingMvByCoins", { repeat: "request_id", strings: { request_id: true } });
export const buyWithTicket = outcomeEndpoint<{ id: number; request_id?: string }, PurchaseResult>("/api/user/checkinTicket", { repeat: "request_id", strings: { request_id: true } });
/** The words a member shares to the circle to unlock a video (characters). */
export const SHARE_TEXT_LENGTH = { min: 5, max: 200 } as const;
export const communityUnlock = endpoint<{ id: number; content: string; request_id?: string }, CommunityUnlockResult>("/api/community/unlock", { repeat: "request_id", strings: { content: true, request_id: true } });

// "Want this video".
export const MAX_WANT_TEXT = 200;
/**
 * With `id`: whether the caller asked for the video, and how many did. Always: whether the caller may post to
 * the circle now (`can_post`, posts `left` today, else `reason`).
 */
export const checkFind = endpoint<{ id?: number }, { requested: number; count: number; can_post: number; left: number; reason: string }>("/api/find/checkFind");
/**
 * With `id`: asks for a video of the catalogue, once. Without: posts to the circle (issue 20): text, pictures
 * (addresses from the image upload), a video (the video upload's path), or a request (`is_request`) with a
 * reward in `coins`.
 */
export const requestFind = endpoint<
  { id?: number; content?: string; images?: string[]; video?: string; is_request?: number; coins?: number; topic_id?: number; category_id?: number; request_id?: string },
  { requested: number; count: number; post_id: number }
>("/api/find/create", { repeat: "request_id", strings: { content: true, video: true, request_id: true } });
