import { adHandlers } from "./ads.ts";
import { feedbackHandlers } from "./feedback.ts";
import { generalHandlers } from "./handlers.ts";

/** The app's frame: config, open ads and version, ads, report types, notices, messages, feedback, app centre. */
export const systemHandlers = [...generalHandlers, ...adHandlers, ...feedbackHandlers];
