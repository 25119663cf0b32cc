import { endpoint } from "../client.ts";
import type { Compilation, CreatorWithVideos, Element, TagWithVideos, Video } from "./content-types.ts";
import type { Paged } from "./types.ts";

type Page = { page?: number; limit?: number };

// Topics (elements) and their videos.
export const elements = endpoint<Page, Paged<Element>>("/api/element/list_element");
export const elementVideos = endpoint<{ id: number } & Page, Paged<Video>>("/api/element/list_more");
export const featured = endpoint<void, Element[]>("/api/topic/feature");
// Tags with a few of their videos: by size (`listOfTag`) or by their newest video (`listOfTagNew`).
export const tagsWithVideos = endpoint<Page, Paged<TagWithVideos>>("/api/mv/listOfTag");
export const tagsWithNewVideos = endpoint<Page, Paged<TagWithVideos>>("/api/mv/listOfTagNew");
// Portrait ("small") videos, optionally of one tag: newest, or hottest.
export const smallByTag = endpoint<{ tag?: string } & Page, Paged<Video>>("/api/MvList/smallByTag");
export const smallHotByTag = endpoint<{ tag?: string } & Page, Paged<Video>>("/api/MvList/smallVideoByTag");
export const creatorsWithVideos = endpoint<Page, Paged<CreatorWithVideos>>("/api/creator/list_with_mv");
export const compilations = endpoint<Page, Paged<Compilation>>("/api/compilation/list");
