import { audio, comics, dating, games, news, novels, pictures, video, type CommunityUnlockResult, type PurchaseResult } from "#gateway/api/index.ts";
import type { CallOutcome, Endpoint } from "#gateway/client.ts";
import { patchVideo } from "#app/lib/video-patches.ts";
import type { UNLOCK_UNITS, UnlockKind, UnlockWay } from "./unlock-units.ts";

/** What every kind's purchase answers: whether it charged, and the balance after. */
export type Unlocked = Pick<PurchaseResult, "charged" | "coins">;

/**
 * A purchase: it never throws, and answers a repeat of its `request_id` without charging again. `chapter_id`
 * names the unit of the item `id` when the kind sells its units through one call (a comic's episode).
 */
type Purchase = Endpoint<{ id: number; chapter_id?: number; request_id?: string }, Unlocked, CallOutcome<Unlocked>>;

/** How a unit of one kind (an item, or one chapter or episode) is unlocked. */
export interface UnlockCalls {
  coins: Purchase;
  /** With a voucher (观影券), for the kinds that take one. */
  ticket?: Purchase;
  /** By sharing it to the circle with a few words, for the kinds that may be shared. */
  community?: Endpoint<{ id: number; content: string; request_id?: string }, CommunityUnlockResult, CommunityUnlockResult>;
  /** Tells the lists that hold the unit that it is bought now. */
  unlocked?: (id: number) => void;
}

type WaysOf<K extends UnlockKind> = (typeof UNLOCK_UNITS)[K]["ways"][number];

/** A kind's calls: one for each way its panel offers (UNLOCK_UNITS), and none for a way it does not offer. */
type CallsOf<K extends UnlockKind> = Pick<UnlockCalls, "coins" | "unlocked"> & { [W in Exclude<WaysOf<K>, "coins">]-?: NonNullable<UnlockCalls[W]> } & {
  [W in Exclude<UnlockWay, WaysOf<K>>]?: never;
};

/** Every kind of unit with a price, as UNLOCK_UNITS names them; a new kind is one entry in each. */
export const UNLOCK_KINDS: { [K in UnlockKind]: CallsOf<K> } = {
  video: {
    coins: video.buyWithCoins,
    ticket: video.buyWithTicket,
    community: video.communityUnlock,
    unlocked: (id) => patchVideo(id, { is_pay: 1, can_watch: 1 }),
  },
  dating: { coins: dating.buy },
  news: { coins: news.buy },
  comic: { coins: comics.buy },
  "comic-episode": { coins: comics.buy },
  novel: { coins: novels.buyBook },
  "novel-chapter": { coins: novels.buy },
  picture: { coins: pictures.buy },
  game: { coins: games.buy },
  audio: { coins: audio.buyBook },
  "audio-chapter": { coins: audio.buy },
};
