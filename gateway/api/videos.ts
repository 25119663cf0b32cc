import { endpoint, outcomeEndpoint, silentEndpoint } from "../client.ts";
import type {
  Ad,
  Category,
  Comment,
  CommunityUnlockResult,
  Compilation,
  CreatorCard,
  CreatorPage,
  FavoriteGroup,
  Style,
  Gift,
  HotSearch,
  PurchaseResult,
  Ticket,
  Video,
  VideoDetail,
  VideoSection,
} from "./content-types.ts";
import type { Paged } from "./types.ts";

type Page = { page?: number; limit?: number };

/** Calls answered with status 251 (they create something): the server's created_status_paths. */
export const CREATED = 251;
export const CREATED_STATUS_PATHS = ["/api/mv/like", "/api/comment/create", "/api/comment/like", "/api/mvdetail/create", "/api/wei/comment"];
/** The payload status a path answers on success (paths match case-insensitively). */
export const expectedStatus = (path: string) => (CREATED_STATUS_PATHS.some((p) => p.toLowerCase() === path.toLowerCase()) ? CREATED : 200);

// Feeds
export const list = endpoint<{ section?: VideoSection; sort?: string; category_id?: number } & Page, Paged<Video>>("/api/mv/list");
export const categories = endpoint<{ section?: VideoSection }, Category[]>("/api/tab/listv1");
export const category = endpoint<{ id: number; sort?: string } & Page, Paged<Video>>("/api/tab/category");
export const categoryNew = endpoint<{ id: number } & Page, Paged<Video>>("/api/tab/categoryNew");
export const ads = endpoint<{ position: string }, Ad[]>("/api/system/getad");
export const adClick = silentEndpoint<{ id: number }, { ok: true }>("/api/system/adsclick");

// Player
export const detail = endpoint<{ id: number }, VideoDetail>("/api/mvdetail/detail");
export const like = endpoint<{ id: number }, { is_like: number; like_count: number }>("/api/mv/like", { expect: CREATED });
/** Toggles a favourite; with `group_id` it files (or moves) the video into that group instead. */
export const favorite = endpoint<{ id: number; group_id?: number }, { is_favorite: number; group_id: number | null }>("/api/mv/favorite");
export const comments = endpoint<{ id: number } & Page, Paged<Comment>>("/api/comment/list");
export const replies = endpoint<{ comment_id: number } & Page, Paged<Comment>>("/api/comment/replyList");
export const commentLike = silentEndpoint<{ comment_id: number }, { is_like: number; like_count: number }>("/api/comment/like", { expect: CREATED });
export const comment = endpoint<{ id: number; content: string; reply_to?: number }, Comment>("/api/comment/create", { expect: CREATED });
export const tagByName = endpoint<{ name: string } & Page, Paged<Video>>("/api/mv/tagByName");
export const related = endpoint<{ id: number } & Page, Paged<Video>>("/api/mvdetail/related");
export const giftList = endpoint<void, Gift[]>("/api/mvdetail/giftList");
export const rewardHer = outcomeEndpoint<{ id: number; gift_id: number }, { coins: number }>("/api/mvdetail/rewardHer");
export const report = endpoint<{ id: number; type_id: number; content?: string }, { ok: true }>("/api/MvDetail/report");
export const buyWithCoins = outcomeEndpoint<{ id: number; request_id?: string }, PurchaseResult>("/api/mvdetail/watchingMvByCoins");
export const buyWithTicket = outcomeEndpoint<{ id: number; request_id?: string }, PurchaseResult>("/api/mvdetail/checkinTicket");
export const communityUnlock = outcomeEndpoint<{ id: number; content: string; request_id?: string }, CommunityUnlockResult>("/api/mvdetail/communityUnlock");
export const byElement = endpoint<{ element_id: number } & Page, Paged<Video>>("/api/mvdetail/getMvByElementId");
export const checkFind = endpoint<{ id: number }, { requested: number; count: number }>("/api/mvdetail/checkFind");
export const requestFind = endpoint<{ id: number; content?: string }, { requested: number; count: number }>("/api/mvdetail/create", { expect: CREATED });

// Search
export const hotSearch = endpoint<void, HotSearch[]>("/api/mvsearch/hotSearch");
/** The longest search keyword the gateway takes (characters, after trimming). */
export const MAX_SEARCH_KEYWORD = 50;
export const search = endpoint<{ kw: string } & Page, Paged<Video>>("/api/mvsearch/search");
export const searchCreator = endpoint<{ kw: string } & Page, Paged<CreatorCard>>("/api/MvSearch/searchCreator");
export const searchCompilation = endpoint<{ kw: string } & Page, Paged<Compilation>>("/api/compilation/search");

// People
export const creatorPage = endpoint<{ uid: number }, CreatorPage>("/api/user/getOtherCenterPage");
export const creatorVideos = endpoint<{ uid: number; sort?: string } & Page, Paged<Video>>("/api/user/videos");
export const follow = endpoint<{ uid: number }, { is_attention: number; fans_count: number }>("/api/user/follow");
export const following = endpoint<{ uid?: number } & Page, Paged<CreatorCard>>("/api/user/focusList");
export const fans = endpoint<{ uid?: number } & Page, Paged<CreatorCard>>("/api/user/fansList");

// Mine: favourites ("我的喜欢", optionally one group), purchases, vouchers.
export const myLikes = endpoint<{ group_id?: number } & Page, Paged<Video>>("/api/mvList/userLike");
export const likeGroups = endpoint<void, FavoriteGroup[]>("/api/mvdetail/list_like_group");
export const createLikeGroup = endpoint<{ name: string }, FavoriteGroup>("/api/mvdetail/create_like_group");
export const updateLikeGroup = endpoint<{ id: number; name: string }, FavoriteGroup>("/api/mvdetail/update_like_group");
export const deleteLikeGroup = endpoint<{ id: number }, { ok: true }>("/api/mvdetail/delete_like_group");

// Category page: styles (categories of both sections), hot tags, videos of a style or of several tags.
export const styles = endpoint<void, Style[]>("/api/MvSearch/getStyle");
export const hotTags = endpoint<void, { name: string; video_count: number }[]>("/api/Taggroup/hotUp");
export const byStyle = endpoint<{ style_id: number; sort?: string } & Page, Paged<Video>>("/api/MvList/style");
export const byTags = endpoint<{ tags: string } & Page, Paged<Video>>("/api/mv/list_of_tags_new");
export const myPurchases = endpoint<Page, Paged<Video>>("/api/mvList/userBuy");
export const myTickets = endpoint<Page, Paged<Ticket>>("/api/user/myMvTicket");
