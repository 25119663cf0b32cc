import { audio, comics, dating, games, news, novels, pictures, video, type CommunityUnlockResult, type PurchaseResult } from "#gateway/api/index.ts";
import type { CallOutcome, Endpoint } from "#gateway/client.ts";
import { patchVideo } from "#app/lib/video-patches.ts";

/** What every kind's purchase answers: whether it charged, and the balance after. */
export type Unlocked = Pick<PurchaseResult, "charged" | "coins">;

/**
 * A purchase: it never throws, and answers a repeat of its `request_id` without charging again. `chapter_id`
 * names the unit of the item `id` when the kind sells its units through one call (a comic's episode).
 */
type Purchase = Endpoint<{ id: number; chapter_id?: number; request_id?: string }, Unlocked, CallOutcome<Unlocked>>;

/** How a unit of one kind (an item, or one chapter or episode) is unlocked. */
export interface UnlockCalls {
  /** What the panel calls the unit (本视频需 10 金币) and what unlocking it lets the member do (免费观看). */
  noun: string;
  verb: string;
  coins: Purchase;
  /** With a voucher (观影券), for the kinds that take one. */
  ticket?: Purchase;
  /** By sharing it to the circle with a few words, for the kinds that may be shared. */
  community?: Endpoint<{ id: number; content: string; request_id?: string }, CommunityUnlockResult, CommunityUnlockResult>;
  /** Tells the lists that hold the unit that it is bought now. */
  unlocked?: (id: number) => void;
}

/** Every kind of unit with a price; a new kind is one entry. */
export const UNLOCK_KINDS = {
  video: {
    noun: "视频",
    verb: "观看",
    coins: video.buyWithCoins,
    ticket: video.buyWithTicket,
    community: video.communityUnlock,
    unlocked: (id) => patchVideo(id, { is_pay: 1, can_watch: 1 }),
  },
  dating: { noun: "联系方式", verb: "查看", coins: dating.buy },
  news: { noun: "文章", verb: "阅读全文", coins: news.buy },
  comic: { noun: "漫画", verb: "阅读全部章节", coins: comics.buy },
  "comic-episode": { noun: "章节", verb: "阅读", coins: comics.buy },
  novel: { noun: "小说", verb: "阅读全书", coins: novels.buyBook },
  "novel-chapter": { noun: "章节", verb: "阅读", coins: novels.buy },
  picture: { noun: "图集", verb: "查看全部图片", coins: pictures.buy },
  game: { noun: "游戏", verb: "畅玩", coins: games.buy },
  audio: { noun: "有声书", verb: "收听全部章节", coins: audio.buyBook },
  "audio-chapter": { noun: "章节", verb: "收听", coins: audio.buy },
} satisfies Record<string, UnlockCalls>;

export type UnlockKind = keyof typeof UNLOCK_KINDS;

/** The ways a unit is unlocked; the form's `way` field. */
export type UnlockWay = "coins" | "ticket" | "community";
