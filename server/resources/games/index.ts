import type { Handler } from "#server/http/registry.ts";

/** Games (issue 19): /api/porngame/*. */
export const gamesHandlers: Handler[] = [];
