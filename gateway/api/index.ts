// The product's calls by area (docs/protocol.md §9), one file each. The whole list, with the marks derived from
// it, is in `contract.ts` (kept apart so that a screen's bundle takes only the endpoints it calls).
export * as accounts from "./accounts.ts";
export * as creators from "./creators.ts";
export * as home from "./home.ts";
export * as search from "./search.ts";
export * as video from "./video.ts";
export * as dating from "./dating.ts";
export * as orders from "./orders.ts";
export * as services from "./services.ts";
export * as news from "./news.ts";
export * as circle from "./circle.ts";
// Resources (issue 19).
export * as resources from "./resources.ts";
export * as comics from "./comics.ts";
export * as novels from "./novels.ts";
export * as pictures from "./pictures.ts";
export * as audio from "./audio.ts";
export * as games from "./games.ts";
export type * from "./types.ts";
export type * from "./content-types.ts";
