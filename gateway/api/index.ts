export * as accounts from "./accounts.ts";
export * as system from "./system.ts";
export * as videos from "./videos.ts";
export * as discovery from "./discovery.ts";
export * as creators from "./creators.ts";
export type * from "./types.ts";
export type * from "./content-types.ts";
