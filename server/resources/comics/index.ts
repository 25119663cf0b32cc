import type { Handler } from "#server/http/registry.ts";

/** Comics (issue 19): /api/comic/*, /api/book/*. */
export const comicsHandlers: Handler[] = [];
