import { video, type Gift } from "#gateway/api/index.ts";
import type { Endpoint } from "#gateway/client.ts";

/** The calls behind gifts for one kind of item. */
export interface GiftCalls {
  /** The gifts on offer, with their prices. */
  list: Endpoint<void, Gift[], Gift[]>;
  /** Gives one to the item's creator; answers the member's balance after it. */
  give: Endpoint<{ id: number; gift_id: number }, { coins: number }, { coins: number }>;
}

/** Every kind of item whose creator takes gifts; a new kind is one entry. */
export const GIFT_KINDS = {
  video: { list: video.giftList, give: video.rewardHer },
} satisfies Record<string, GiftCalls>;

export type GiftKind = keyof typeof GIFT_KINDS;
