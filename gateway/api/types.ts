import type { UploadConfig } from "../uploads.ts";

/** The profile as `/api/user/userinfo` returns it. Money fields are strings with two decimals. */
export interface User {
  uid: number;
  uuid: string;
  username: string;
  phone: string;
  avatar_url: string;
  aff_code: string;
  aff_url_copy: string;
  share_url: string;
  auth_level: number;
  auth_status: number;
  can_watch: number;
  coins: number;
  coins_total: number;
  consumption: number;
  fans_count: number;
  followed_count: number;
  invite_by_code: string;
  is_attention: number;
  is_recommend: number;
  is_reg: number;
  /** 1 while VIP (`vip_expires_at` is still ahead), else 0. */
  vip: number;
  /** When VIP ends, `YYYY-MM-DD hh:mm:ss` UTC; empty when never VIP. */
  vip_expires_at: string;
  level: number;
  likes_count: number;
  live_count: number;
  token: string;
  total_tui_coins: string;
  tui_coins: string;
  nickname?: string;
  intro?: string;
  gender?: number;
  birthday?: string;
  /** Unread 站内消息; only `/api/user/userinfo` answers it. */
  msg_unread?: number;
}

export interface SortTab {
  /** Tab key sent back as `sort`. */
  sort: string;
  /** Display title. */
  name: string;
}

/** The remote config; the upload settings are top-level fields under the product's names (`UploadConfig`). */
export interface GlobalConfig extends UploadConfig {
  sort_tabs: { porn: SortTab[]; com: SortTab[]; picture: SortTab[]; post: SortTab[]; aw: SortTab[] };
  site_name: string;
  customer_service: string;
  /** Paths of calls whose success status is 251. */
  created_status_paths: string[];
  build_id: string;
}

export interface OpenAd {
  id: number;
  title: string;
  img_url: string;
  url: string;
  duration: number;
}

export interface OpenAdsAndVersion {
  ads: OpenAd[];
  version: { version: string; must_update: number; url: string; tips: string };
  notice: { title: string; content: string } | null;
}

export interface LoginResult {
  token: string;
  uuid: string;
}

export interface ReportType {
  id: number;
  name: string;
}

export interface Notice {
  id: number;
  title: string;
  content: string;
  created_at: string;
}

export interface Message {
  id: number;
  title: string;
  content: string;
  /** 1 once shown: the answer that shows a message marks it read. */
  is_read: number;
  /** 1 in the answer that marked it read (it was unread until then): the screen says 新 for it, once. */
  is_new: number;
  created_at: string;
}

/** The paging fields every list call takes: `page` from 1, `limit` items a page (the gateway's default 20, at most 50). */
// A type, not an interface: call inputs are records of fields.
export type Page = { page?: number; limit?: number };

/** One page of a list, as every list call answers it. */
export interface Paged<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

/** A member the caller invited (`/api/user/inviteList`). */
export interface Invitee {
  uid: number;
  nickname: string;
  avatar_url: string;
  /** When they joined. */
  created_at: string;
}

/** What an exchange code gave (`/api/user/exchangeCode`), with the caller's standing after. */
export interface ExchangeResult {
  /** `coins`, `vip` (days of VIP) or `ticket` (vouchers). */
  kind: "coins" | "vip" | "ticket";
  amount: number;
  coins: number;
  vip: number;
  /** The end of the VIP time the codes gave; empty when none did. */
  vip_expires_at: string;
  /** Usable vouchers. */
  tickets: number;
}

/** A member's feedback and the reply to it (`/api/system/feedback`). */
export interface Feedback {
  id: number;
  content: string;
  /** Uploaded image addresses. */
  images: string[];
  /** The staff's reply; empty until there is one. */
  reply: string;
  replied_at: string | null;
  created_at: string;
}

/** An entry of the app centre (`/api/home/appcenter`). */
export interface AppEntry {
  id: number;
  name: string;
  /** An encrypted image (docs/protocol.md §7). */
  icon: string;
  url: string;
  intro: string;
}
