import { endpoint } from "../client.ts";
import type { ExchangeResult } from "./types.ts";

// Sharing, invitations, exchange codes, fans, help and support (issue 22) (docs/protocol.md §9). The invitation,
// exchange-code, fans and feedback calls predate this area and live in `accounts.ts`.

/** A question of the help page and its answer (`/api/system/helpFeedbackList`). */
export interface HelpQuestion {
  id: number;
  question: string;
  answer: string;
}

/** What an exchange code gave, in words (`/api/user/exchangeCode`'s message and the app's toast). */
export function exchangeGift({ kind, amount }: Pick<ExchangeResult, "kind" | "amount">): string {
  return kind === "coins" ? `${amount} 金币` : kind === "vip" ? `${amount} 天 VIP` : `${amount} 张观影券`;
}

export const helpFeedbackList = endpoint<void, HelpQuestion[]>("/api/system/helpFeedbackList");

/** One line of the member's conversation with support (`/api/system/customerMessages`). */
export interface SupportMessage {
  id: number;
  /** 1: written by the support staff; 0: by the member. */
  from_staff: number;
  content: string;
  /** Uploaded image addresses. */
  images: string[];
  created_at: string;
}

export interface SupportThread {
  /** Oldest first: the latest messages, or those after `after_id`. */
  list: SupportMessage[];
  /** How long the app waits before asking for newer messages (decision 039). */
  poll_ms: number;
}

/** The longest support message (characters) and how many uploaded images it may carry. */
export const MAX_SUPPORT_MESSAGE = 500;
export const MAX_SUPPORT_IMAGES = 3;
/** How many of the latest messages the conversation opens with. */
export const SUPPORT_HISTORY = 50;

/** Extension: the caller's support conversation, or the messages after `after_id`. */
export const customerMessages = endpoint<{ after_id?: number }, SupportThread>("/api/system/customerMessages");
/** Extension: sends a message (text, pictures or both) to support. */
export const customerSend = endpoint<{ content?: string; images?: string[]; request_id?: string }, SupportMessage>("/api/system/customerSend", {
  repeat: "request_id",
  strings: { content: true, request_id: true },
});

/**
 * What `/api/system/report` takes (decision 069): what members write that has no report call of its own (a
 * comment or reply of any kind, a dating review, a member's profile, a bullet comment: decision 082) and the catalogue's novels, picture sets,
 * audio books, games and articles; videos and comics too (decision 073), beside their own report calls.
 */
export const REPORT_TARGETS = ["comment", "review", "member", "novel", "picture", "audio", "game", "news", "video", "comic", "danmu"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** Extension: reports one thing (`kind`, `id`) for a reason of `/api/MvDetail/reportType`; the 3rd member's report hides it until reviewed. */
export const report = endpoint<{ kind: ReportTarget; id: number; type_id: number; content?: string }, { ok: true }>("/api/system/report", {
  shown: true,
  strings: { kind: true, content: true },
});
