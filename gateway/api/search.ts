import { endpoint } from "../client.ts";
import type { Compilation, CreatorCard, HotSearch, Video } from "./content-types.ts";
import type { Page, Paged } from "./types.ts";

// Search (docs/protocol.md §9).

/** The longest search keyword the gateway takes (characters, after trimming). */
export const MAX_SEARCH_KEYWORD = 50;

export const hotSearch = endpoint<void, HotSearch[]>("/api/mvsearch/hotSearch");
/** Extension: videos by keyword (the product's search calls cover creators and compilations only). */
export const search = endpoint<{ kw: string } & Page, Paged<Video>>("/api/MvSearch/search", { strings: { kw: true } });
export const searchCreator = endpoint<{ kw: string } & Page, Paged<CreatorCard>>("/api/MvSearch/searchCreator", { strings: { kw: true } });
export const searchCompilation = endpoint<{ kw: string } & Page, Paged<Compilation>>("/api/compilation/search", { strings: { kw: true } });
