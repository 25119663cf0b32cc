import type { Handler } from "#server/http/registry.ts";
import { certifyHandlers } from "./certify.ts";
import { listingHandlers } from "./listings.ts";
import { reviewHandlers } from "./reviews.ts";

/** Dating listings, certification, reviews and unlocks (issue 21, decision 036). */
export const datingHandlers: Handler[] = [...listingHandlers, ...reviewHandlers, ...certifyHandlers];
