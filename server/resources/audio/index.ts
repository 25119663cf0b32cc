import type { Handler } from "#server/http/registry.ts";

/** Audio books (issue 19): /api/audio/*. */
export const audioHandlers: Handler[] = [];
