import { endpoint, silentEndpoint } from "../client.ts";
import type { CreatorCard, FavoriteGroup, Headline, Ticket, Video } from "./content-types.ts";
import type { ExchangeResult, Feedback, Invitee, LoginResult, Message, Notice, Page, Paged, User } from "./types.ts";

// Accounts and mine (docs/protocol.md §9).

/** Password length (characters), at registration and when changed. */
export const PASSWORD_LENGTH = { min: 6, max: 32 } as const;
export const MAX_NICKNAME = 20;
export const MAX_INTRO = 200;

export const loginByPassword = endpoint<{ phone: string; password: string }, LoginResult>("/api/Home/loginByPassword", { strings: { phone: true, password: true } });
/** The longest invitation code the gateway takes (codes are 6 characters; case does not matter). */
export const MAX_AFF_CODE = 32;
export const register = endpoint<{ phone: string; password: string; aff_code?: string }, LoginResult>("/api/Home/register", { repeat: "never", strings: { phone: true, password: true, aff_code: true } });
export const userInfo = endpoint<void, User>("/api/user/userinfo");
export type ProfileUpdate = Partial<Pick<User, "nickname" | "avatar_url" | "intro" | "gender" | "birthday">>;
export const updateInfo = endpoint<ProfileUpdate, User>("/api/user/updateInfo", { strings: { nickname: true, avatar_url: true, intro: true, birthday: true } });
export const updatePwd = endpoint<{ old_password: string; new_password: string }, { ok: true }>("/api/user/updatePwd", { repeat: "never", strings: { old_password: true, new_password: true } });

// Follows: `following` lists the people a member follows, `fans` their followers (the caller's without `uid`);
// `followed` is the follow/unfollow toggle.
export const following = endpoint<{ uid?: number } & Page, Paged<CreatorCard>>("/api/user/following");
export const fans = endpoint<{ uid?: number } & Page, Paged<CreatorCard>>("/api/user/fans");
export const follow = endpoint<{ uid: number }, { is_attention: number; fans_count: number }>("/api/user/followed", { repeat: "never" });

// Invitations and exchange codes.
export const inviteList = endpoint<Page, Paged<Invitee>>("/api/user/inviteList");
/** Binds the caller to the member whose invitation code this is, once. */
export const invitation = silentEndpoint<{ aff_code: string }, { invite_by_code: string }>("/api/user/invitation", { expect: 251, repeat: "never", strings: { aff_code: true } });
export const MAX_EXCHANGE_CODE = 32;
export const exchangeCode = endpoint<{ code: string; request_id?: string }, ExchangeResult>("/api/user/exchangeCode", { repeat: "request_id", strings: { code: true, request_id: true } });

// Mine: favourites ("我的收藏", optionally one group; the product calls them likes), liked videos, purchases,
// vouchers, headlines.
export const MAX_FAVORITE_GROUP_NAME = 20;
export const myLikes = endpoint<{ group_id?: number } & Page, Paged<Video>>("/api/mvList/userLike");
/** Extension: the videos the caller liked (点赞); the product's `userLike` lists favourites. */
export const myPraised = endpoint<Page, Paged<Video>>("/api/mvList/userPraise");
export const likeGroups = endpoint<void, FavoriteGroup[]>("/api/mvdetail/list_like_group");
export const createLikeGroup = endpoint<{ name: string; request_id?: string }, FavoriteGroup>("/api/mvdetail/create_like_group", { repeat: "request_id", strings: { name: true, request_id: true } });
export const updateLikeGroup = endpoint<{ id: number; name: string }, FavoriteGroup>("/api/mvdetail/update_like_group", { strings: { name: true } });
export const deleteLikeGroup = endpoint<{ id: number }, { ok: true }>("/api/mvdetail/delete_like_group", { repeat: "never" });
/** Extension: the videos the caller bought (the product has no call for the list). */
export const myPurchases = endpoint<Page, Paged<Video>>("/api/mvList/userBuy");
export const myTickets = endpoint<Page, Paged<Ticket>>("/api/user/myMvTicket");
export const myHeadlines = endpoint<Page, Paged<Headline>>("/api/wei/myTie");

// Messages, notices, feedback.
export const getMsg = endpoint<Page, Paged<Message>>("/api/system/getMsg");
export const notice = endpoint<Page, Paged<Notice>>("/api/system/notice");
export const feedback = endpoint<Page, Paged<Feedback>>("/api/system/feedback");
/** Feedback length (characters) and how many uploaded images it may carry. */
export const FEEDBACK_LENGTH = { min: 5, max: 500 } as const;
export const MAX_FEEDBACK_IMAGES = 9;
export const feeding = endpoint<{ content: string; images?: string[]; request_id?: string }, { id: number }>("/api/system/feeding", { expect: 251, shown: true, repeat: "request_id", strings: { content: true, request_id: true } });
