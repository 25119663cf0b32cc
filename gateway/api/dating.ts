import { endpoint, outcomeEndpoint, silentEndpoint } from "../client.ts";
import type { Page, Paged } from "./types.ts";

// Dating listings, certification, reviews and unlocks (issue 21): /api/girl/* (docs/protocol.md §9, decision 036).
// A listing's contact details are in no answer before the caller unlocks it: only the detail and the buy carry
// `contact`, and only for a member who bought it.

/** An area listings are filed under. `count`: the listings shown there. */
export interface DatingArea {
  id: number;
  name: string;
  count: number;
}

/** A listing as lists show it. Never carries the contact details. */
export interface DatingCard {
  id: number;
  kind: "dating";
  name: string;
  age: number;
  area_id: number;
  area: string;
  /** The introduction's first words. */
  summary: string;
  cover: string;
  /** Coins to unlock the contact details. */
  price: number;
  /** 1: checked by the platform (官方认证). */
  certified: number;
  like_count: number;
  comment_count: number;
  /** Average review rating, one decimal (0: no review yet). */
  rating: number;
  /** 1: the caller unlocked it. */
  is_pay: number;
  created_at: string;
}

/** What the caller has to unlock with, as the shared unlock panel takes it. */
export interface DatingViewer {
  coins: number;
  vip: number;
  tickets: number;
  community_left: number;
  is_member: number;
}

export interface DatingDetail extends DatingCard {
  intro: string;
  images: string[];
  is_like: number;
  /** The contact details: only once the caller unlocked the listing, else null. */
  contact: string | null;
  viewer: DatingViewer;
}

/** An experience review: only a member who unlocked the listing posts one. */
export interface DatingReview {
  id: number;
  rating: number;
  content: string;
  images: string[];
  user: { uid: number; nickname: string; avatar_url: string };
  created_at: string;
  /** As a comment's (`Comment.hidden`, decision 069): others get 该评价已被隐藏 and no photos while it is hidden by reports. */
  hidden?: number;
}

export interface DatingBuyResult {
  /** 1 when this call charged; 0 when the listing was already unlocked (a retry or a double tap). */
  charged: number;
  coins_spent: number;
  /** The caller's balance after. */
  coins: number;
  listing: DatingDetail;
}

export type ApplicationStatus = "submitted" | "approved" | "rejected";

/** The caller's certification application, as the certification screen shows it. */
export interface DatingApplication {
  id: number;
  name: string;
  phone: string;
  area_id: number;
  area: string;
  address: string;
  images: string[];
  status: ApplicationStatus;
  /** Why it was rejected ("" otherwise). */
  reason: string;
  created_at: string;
}

export interface JoinUsPage {
  title: string;
  content: string;
  terms: string[];
  areas: DatingArea[];
  /** The caller's latest application; null for a visitor or a member who has not applied. */
  application: DatingApplication | null;
}

export const DATING_SORTS = [
  { sort: "new", name: "最新" },
  { sort: "hot", name: "最热" },
  { sort: "price", name: "价格最低" },
] as const;
export type DatingSort = (typeof DATING_SORTS)[number]["sort"];

/** The price filters: coins from `min` to `max` (inclusive; no `max`: and more). */
export const DATING_PRICES = [
  { key: "0-30", name: "30金币内", min: 0, max: 30 },
  { key: "31-60", name: "31–60金币", min: 31, max: 60 },
  { key: "61-", name: "60金币以上", min: 61 },
] as const;

export type DatingFilter = {
  area_id?: number;
  price_min?: number;
  price_max?: number;
  /** 1: certified listings only. */
  certified?: number;
  sort?: DatingSort;
};

export const listFilter = endpoint<DatingFilter & Page, Paged<DatingCard>>("/api/girl/list_filter", { strings: { sort: true } });
export const listArea = endpoint<void, DatingArea[]>("/api/girl/list_area");
/** Extension: one listing (the product's detail call is not named in its contract). */
export const detail = endpoint<{ id: number }, DatingDetail>("/api/girl/detail");
export const toggleLike = endpoint<{ id: number }, { is_like: number; like_count: number }>("/api/girl/toggle_like", { repeat: "never" });
export const buy = outcomeEndpoint<{ id: number; request_id?: string }, DatingBuyResult>("/api/girl/buy", { repeat: "request_id", strings: { request_id: true } });
export const listMyBuy = endpoint<Page, Paged<DatingCard>>("/api/girl/list_my_buy");
export const listMyLike = endpoint<Page, Paged<DatingCard>>("/api/girl/list_my_like");

// Reviews.
export const REVIEW_LENGTH = { min: 5, max: 300 } as const;
export const MAX_REVIEW_IMAGES = 9;
export const listComment = endpoint<{ id: number } & Page, Paged<DatingReview>>("/api/girl/list_comment");
export const createComment = silentEndpoint<{ id: number; rating: number; content: string; images?: string[]; request_id?: string }, DatingReview>("/api/girl/create_comment", {
  repeat: "request_id",
  strings: { content: true, request_id: true },
});

// Reports: reported by several members, a listing is hidden until the platform has reviewed it.
export const MAX_REPORT_TEXT = 500;
/** Extension: the product's contract names no report call for listings. */
export const report = endpoint<{ id: number; type_id: number; content?: string }, { ok: true }>("/api/girl/report", { shown: true, strings: { content: true } });

// Certification.
export const MAX_APPLICATION_IMAGES = 9;
export const MAX_ADDRESS = 100;
export const MAX_APPLICANT_NAME = 20;
export const MIN_APPLICANT_NAME = 2;
export const MIN_ADDRESS = 5;
export const pageJoinUs = endpoint<void, JoinUsPage>("/api/girl/page_join_us");

export type ApplicationInput = {
  name: string;
  phone: string;
  area_id: number;
  address: string;
  images?: string[];
  /** 1: the applicant confirms being over 18. */
  adult: number;
  /** 1: the applicant confirms the listing's subject consents. */
  consent: number;
  request_id?: string;
};

/** Extension: sends a certification application (the product's contract names only the page's content). */
export const joinUs = endpoint<ApplicationInput, DatingApplication>("/api/girl/join_us", {
  shown: true,
  repeat: "request_id",
  strings: { name: true, phone: true, address: true, request_id: true },
});

export type ApplicationField = "name" | "phone" | "area_id" | "address" | "images" | "adult" | "consent";

function photoCount(images: unknown): number {
  if (Array.isArray(images)) return images.length;
  if (typeof images !== "string" || !images) return 0;
  try {
    const list: unknown = JSON.parse(images);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/**
 * What is wrong with an application, by field; empty when nothing is. The product's own texts: the app shows
 * each beside its field, the gateway refuses with all of them at once.
 */
export function applicationProblems(a: {
  name?: unknown;
  phone?: unknown;
  area_id?: unknown;
  address?: unknown;
  /** The uploaded photos' addresses, or a form's JSON text of them. */
  images?: unknown;
  adult?: unknown;
  consent?: unknown;
}): Partial<Record<ApplicationField, string>> {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
  const problems: Partial<Record<ApplicationField, string>> = {};
  const name = text(a.name);
  if (!name) problems.name = "请填写姓名";
  else if ([...name].length < MIN_APPLICANT_NAME) problems.name = `请填写真实姓名（至少 ${MIN_APPLICANT_NAME} 个字）`;
  else if ([...name].length > MAX_APPLICANT_NAME) problems.name = `姓名最多 ${MAX_APPLICANT_NAME} 个字`;
  if (!/^1[3-9]\d{9}$/.test(text(a.phone))) problems.phone = "请填写正确的手机号";
  if (!/^[1-9]\d{0,8}$/.test(text(a.area_id))) problems.area_id = "请选择地区";
  const address = text(a.address);
  if (!address) problems.address = "请填写地址";
  else if ([...address].length < MIN_ADDRESS) problems.address = `请填写详细地址（至少 ${MIN_ADDRESS} 个字）`;
  else if ([...address].length > MAX_ADDRESS) problems.address = `地址最多 ${MAX_ADDRESS} 个字`;
  if (photoCount(a.images) === 0) problems.images = "请上传至少一张本人近照";
  if (text(a.adult) !== "1") problems.adult = "请确认您已年满 18 周岁";
  if (text(a.consent) !== "1") problems.consent = "请确认信息主体本人知情并同意";
  return problems;
}
