import type { Handler } from "#server/http/registry.ts";

/** Picture sets (issue 19): /api/picture/*. */
export const picturesHandlers: Handler[] = [];
