import { codeHandlers } from "./codes.ts";
import { memberHandlers } from "./handlers.ts";

/** Members: logging in, registering, the profile, invitations and exchange codes. */
export const accountHandlers = [...memberHandlers, ...codeHandlers];
