import { endpoint, outcomeEndpoint, silentEndpoint } from "../client.ts";
import type { ClubInfo, ClubPrivilege, Comment, Compilation, CreatorRankEntry, FanRankEntry, Headline, HeadlineDetail, Video } from "./content-types.ts";
import type { Paged } from "./types.ts";

type Page = { page?: number; limit?: number };
type Creator = { uid: number };

// Creator centre: featured and small videos, compilations, headlines, club videos.
export const featured = endpoint<Creator & Page, Paged<Video>>("/api/Creator/featured");
export const small = endpoint<Creator & Page, Paged<Video>>("/api/Creator/small");
export const compilations = endpoint<Creator, Compilation[]>("/api/compilation/her");
export const clubVideos = endpoint<Creator & Page, Paged<Video>>("/api/club/clubVideos");

// Headlines ("wei").
export const headlines = endpoint<Creator & Page, Paged<Headline>>("/api/wei/herTie");
export const headline = endpoint<{ id: number }, HeadlineDetail>("/api/wei/detail");
export const headlineComments = endpoint<{ id: number } & Page, Paged<Comment>>("/api/wei/commentList");
export const headlineReplies = endpoint<{ comment_id: number } & Page, Paged<Comment>>("/api/wei/commentReplyList");
export const likeHeadline = endpoint<{ id: number }, { is_like: number; like_count: number }>("/api/wei/praiseWei");
export const likeHeadlineComment = silentEndpoint<{ comment_id: number }, { is_like: number; like_count: number }>("/api/wei/praiseComment");
export const commentHeadline = endpoint<{ id: number; content: string; reply_to?: number }, Comment>("/api/wei/comment", { expect: 251 });

// Fan clubs and rankings.
export const clubInfo = endpoint<Creator, ClubInfo>("/api/club/info");
export const joinClub = outcomeEndpoint<Creator, ClubInfo>("/api/club/join");
export const clubRules = endpoint<Creator, { rules: string[] }>("/api/club/userRule");
export const clubPrivileges = endpoint<Creator, ClubPrivilege[]>("/api/club/items");
export const clubRank = endpoint<Creator & Page, Paged<FanRankEntry>>("/api/club/rank");
export const clubNewest = endpoint<Creator & Page, Paged<FanRankEntry>>("/api/club/newestRank");
export const creatorRank = endpoint<Page, Paged<CreatorRankEntry>>("/api/ranklist/getCreatorRank");
