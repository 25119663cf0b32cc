export * as accounts from "./accounts.ts";
export * as system from "./system.ts";
export type * from "./types.ts";
