import { endpoint, silentEndpoint } from "../client.ts";
import type {
  Ad,
  Category,
  ClubInfo,
  ClubPrivilege,
  Compilation,
  CreatorRankEntry,
  CreatorWithVideos,
  Element,
  FanRankEntry,
  Style,
  TagWithVideos,
  Video,
  VideoSection,
} from "./content-types.ts";
import type { AppEntry, GlobalConfig, OpenAdsAndVersion, Page, Paged } from "./types.ts";

// Home, clubs, discovery, category (docs/protocol.md §9).

export const getConfig = endpoint<void, GlobalConfig>("/api/home/getConfig");
export const getOpenAdsAndVersion = endpoint<void, OpenAdsAndVersion>("/api/home/getOpenAdsAndVersion");
export const appCenter = endpoint<void, AppEntry[]>("/api/home/appcenter");
export const ads = endpoint<{ position: string }, Ad[]>("/api/system/getad", { strings: { position: true } });
export const adClick = silentEndpoint<{ id: number }, { ok: true }>("/api/system/adsclick", { repeat: "never" });

// Feeds and categories.
/** Extension: the plain feed of a section (the product's feeds are per category or tag). */
export const list = endpoint<{ section?: VideoSection; sort?: string; category_id?: number } & Page, Paged<Video>>("/api/mv/list", { strings: { section: true, sort: true } });
export const categories = endpoint<{ section?: VideoSection }, Category[]>("/api/tab/listv1", { strings: { section: true } });
export const category = endpoint<{ id: number; sort?: string } & Page, Paged<Video>>("/api/tab/category", { strings: { sort: true } });
export const categoryNew = endpoint<{ id: number } & Page, Paged<Video>>("/api/tab/categoryNew");
// Category page: styles (categories of both sections), hot tags, videos of a style or of several tags.
export const styles = endpoint<void, Style[]>("/api/MvSearch/getStyle");
export const hotTags = endpoint<void, { name: string; video_count: number }[]>("/api/Taggroup/hotUp");
export const byStyle = endpoint<{ style_id: number; sort?: string } & Page, Paged<Video>>("/api/MvList/style", { strings: { sort: true } });
/** Comma-separated tag names, at most `MAX_TAGS_TEXT` characters. */
export const MAX_TAGS_TEXT = 200;
export const byTags = endpoint<{ tags: string } & Page, Paged<Video>>("/api/mv/list_of_tags_new", { strings: { tags: true } });

// Discovery: topics (elements) and their videos, tags with a few of their videos (by size, or by their newest
// video), portrait ("small") videos optionally of one tag (newest, or hottest), creators, compilations.
export const elements = endpoint<Page, Paged<Element>>("/api/element/list_element");
export const elementVideos = endpoint<{ id: number } & Page, Paged<Video>>("/api/element/list_more");
export const featuredTopics = endpoint<void, Element[]>("/api/topic/feature");
export const tagsWithVideos = endpoint<Page, Paged<TagWithVideos>>("/api/mv/listOfTag");
export const tagsWithNewVideos = endpoint<Page, Paged<TagWithVideos>>("/api/mv/listOfTagNew");
export const smallByTag = endpoint<{ tag?: string } & Page, Paged<Video>>("/api/MvList/smallByTag", { strings: { tag: true } });
export const smallHotByTag = endpoint<{ tag?: string } & Page, Paged<Video>>("/api/MvList/smallVideoByTag", { strings: { tag: true } });
export const creatorsWithVideos = endpoint<Page, Paged<CreatorWithVideos>>("/api/creator/list_with_mv");
export const compilations = endpoint<Page, Paged<Compilation>>("/api/compilation/list");
export const creatorRank = endpoint<Page, Paged<CreatorRankEntry>>("/api/ranklist/getCreatorRank");
/** Reports a headline, once per member and headline (again: the reason changes). */
export const reportHeadline = endpoint<{ id: number; type_id: number; content?: string }, { ok: true }>("/api/wei/report", { shown: true, strings: { content: true } });

// Fan clubs.
type Creator = { uid: number };
export const clubInfo = endpoint<Creator, ClubInfo>("/api/club/info");
export const joinClub = endpoint<Creator & { request_id?: string }, ClubInfo>("/api/club/join", { shown: true, repeat: "request_id", strings: { request_id: true } });
export const clubRules = endpoint<Creator, { rules: string[] }>("/api/club/userRule");
export const clubPrivileges = endpoint<Creator, ClubPrivilege[]>("/api/club/items");
export const clubRank = endpoint<Creator & Page, Paged<FanRankEntry>>("/api/club/rank");
export const clubNewest = endpoint<Creator & Page, Paged<FanRankEntry>>("/api/club/newestRank");
export const clubVideos = endpoint<Creator & Page, Paged<Video>>("/api/club/clubVideos");
