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
  vip: number;
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

export interface GlobalConfig {
  sort_tabs: { porn: SortTab[]; com: SortTab[]; picture: SortTab[]; post: SortTab[]; aw: SortTab[] };
  upload: UploadConfig;
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
  is_read: number;
  created_at: string;
}

export interface Paged<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}
