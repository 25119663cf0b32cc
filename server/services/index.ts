import type { Handler } from "#server/http/registry.ts";
import { helpFeedbackList } from "./help.ts";
import { supportHandlers } from "./support.ts";

/**
 * Help and support (issue 22). The invitation, exchange-code, fans, feedback and app-centre calls are served by
 * `server/accounts`, `server/community` and `server/system`.
 */
export const serviceHandlers: Handler[] = [helpFeedbackList, ...supportHandlers];
