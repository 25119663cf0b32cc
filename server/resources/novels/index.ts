import type { Handler } from "#server/http/registry.ts";

/** Novels (issue 19): /api/novel/*. */
export const novelsHandlers: Handler[] = [];
