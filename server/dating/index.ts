import type { Handler } from "#server/http/registry.ts";

/** Dating listings, certification, reviews and unlocks (issue 21). */
export const datingHandlers: Handler[] = [];
