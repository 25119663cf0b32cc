import type { Handler } from "#server/http/registry.ts";

/** Sharing, invitations, exchange codes, fans and support (issue 22). */
export const serviceHandlers: Handler[] = [];
