import type { Handler } from "#server/http/registry.ts";

/** Scandal news (issue 20). */
export const newsHandlers: Handler[] = [];
