import { endpoint } from "../client.ts";
import type { Comment, Compilation, CreatorPage, Headline, HeadlineDetail, Video } from "./content-types.ts";
import type { Page, Paged } from "./types.ts";

// Creators and headlines (docs/protocol.md §9).

type Creator = { uid: number };

// A member's page: a creator's centre, or a member's profile.
export const creatorPage = endpoint<Creator, CreatorPage>("/api/user/getOtherCenterPage");
/** Extension: a member's own videos on /user (the creator calls below answer only for creators). */
export const creatorVideos = endpoint<Creator & { sort?: string } & Page, Paged<Video>>("/api/user/videos", { strings: { sort: true } });
export const featured = endpoint<Creator & Page, Paged<Video>>("/api/Creator/featured");
export const small = endpoint<Creator & Page, Paged<Video>>("/api/Creator/small");
export const compilations = endpoint<Creator, Compilation[]>("/api/compilation/her");

// Headlines ("wei").
export const MAX_HEADLINE_COMMENT = 500;
export const headlines = endpoint<Creator & Page, Paged<Headline>>("/api/wei/herTie");
export const headline = endpoint<{ id: number }, HeadlineDetail>("/api/wei/detail");
export const headlineComments = endpoint<{ id: number } & Page, Paged<Comment>>("/api/wei/commentList");
export const headlineReplies = endpoint<{ comment_id: number } & Page, Paged<Comment>>("/api/wei/commentReplyList");
export const likeHeadline = endpoint<{ id: number }, { is_like: number; like_count: number }>("/api/wei/praiseWei", { repeat: "never" });
export const likeHeadlineComment = endpoint<{ comment_id: number }, { is_like: number; like_count: number }>("/api/wei/praiseComment", { repeat: "never" });
export const commentHeadline = endpoint<{ id: number; content: string; reply_to?: number; request_id?: string }, Comment>("/api/wei/comment", { shown: true, repeat: "request_id", strings: { content: true, request_id: true } });
