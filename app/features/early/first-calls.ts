import * as audio from "#gateway/api/audio.ts";
import * as circle from "#gateway/api/circle.ts";
import type { CirclePost } from "#gateway/api/circle.ts";
import * as comics from "#gateway/api/comics.ts";
import type { Comment, Headline, Video } from "#gateway/api/content-types.ts";
import * as creators from "#gateway/api/creators.ts";
import * as dating from "#gateway/api/dating.ts";
import * as games from "#gateway/api/games.ts";
import * as home from "#gateway/api/home.ts";
import * as news from "#gateway/api/news.ts";
import * as novels from "#gateway/api/novels.ts";
import * as pictures from "#gateway/api/pictures.ts";
import * as resources from "#gateway/api/resources.ts";
import * as search from "#gateway/api/search.ts";
import type { Paged } from "#gateway/api/types.ts";
import * as video from "#gateway/api/video.ts";
import { circleSources } from "#app/features/circle/circle-sources.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { loadResourceTab } from "#app/features/resources/resource-tab.ts";
import { savedPosition } from "#app/features/watch-progress/watch-progress.ts";
import { startEarly, takeEarly } from "#app/lib/early-data.ts";
import { api, together } from "#app/lib/gateway.ts";
import { loadImage } from "#app/lib/images.ts";
import { positiveParam } from "#app/lib/positive-param.ts";
import { syncGlobalConfig, syncUser } from "#app/lib/session.ts";
import { CHAPTER_PAGE } from "#app/stores/audio.ts";
import { isLoggedIn } from "#app/stores/user.ts";

// The first calls of the screens a shared link opens, started by early-start.ts before React and React Router
// have downloaded and taken by the routes' loaders (decision 088). No React and no React Router in this
// module's graph: the build puts it in the starter chunk.

/** The screen's largest image starts as soon as the call naming it answers, ahead of the other images. */
function firstImage(url: string | null | undefined) {
  if (url) void loadImage(url, { first: true }).catch(() => undefined);
}

/**
 * A screen's first calls under a key of their own (its path and what it was asked for): `start` from
 * early-start.ts, `take` from the route's loader, which gets the early answer once or calls now.
 */
function early<P, T>(path: string, calls: (asked: P) => Promise<T>) {
  const key = (asked: P) => `${path}?${JSON.stringify(asked)}`;
  return {
    start: (asked: P) => startEarly(key(asked), () => calls(asked)),
    take: (asked: P) => takeEarly(key(asked), () => calls(asked)),
  };
}

const NO_COMMENTS: Paged<Comment> = {
  list: [],
  page: 1,
  limit: 20,
  total: 0,
  has_more: false,
};

export const playerCalls = early("/player", (id: number) =>
  Promise.all(
    together(() => [
      api(video.detail, { id }).then((v) => (firstImage(v.cover), v)),
      api(video.comments, { id, page: 1, limit: 20 }).catch(() => NO_COMMENTS),
      api(video.related, { id, page: 1, limit: 6 }).catch(() => ({
        ...NO_COMMENTS,
        list: [] as Video[],
      })),
      savedPosition(id),
    ]),
  ),
);

/** The scandal list: `?category=` and `?tag=`. */
export function newsFilters(q: URLSearchParams) {
  return {
    category: positiveParam(q, "category"),
    tag: q.get("tag")?.trim().slice(0, news.MAX_NEWS_TAG) || undefined,
  };
}
export const articles = (category_id: number | undefined, tag: string | undefined) => pagedSource(news.list, { category_id, tag }, 20);

export const scandalousCalls = early("/scandalous", ({ category, tag }: ReturnType<typeof newsFilters>) =>
  Promise.all(
    together(() => [
      api(news.categories, undefined),
      api(news.tags, { category_id: category }).catch(() => []),
      firstPage(articles(category, tag)).then((first) => (firstImage(first.list[0]?.cover), first)),
    ]),
  ),
);

/** Tabs beside the config's sorts (`sort_tabs.post`). */
export const MORE_POST_TABS = [
  { sort: "headlines", name: "头条" },
  { sort: "want", name: "求片" },
  { sort: "rank", name: "悬赏榜" },
] as const;

function firstPostsOf(tab: string): Promise<Paged<CirclePost> | Paged<Headline>> {
  if (tab === "headlines") return firstPage(circleSources.headlines);
  if (tab === "want" || tab === "rank") return firstPage(circleSources[tab]);
  return firstPage(circleSources.feed(tab));
}

export const postCalls = early("/post", async (asked: string | null) => {
  const config = await syncGlobalConfig();
  const tabs = [...config.sort_tabs.post, ...MORE_POST_TABS];
  const tab = tabs.find((t) => t.sort === asked)?.sort ?? tabs[0]!.sort;
  const [ads, topics, categories, first] = await Promise.all(
    together(() => [
      api(home.ads, { position: "post" })
        .then((list) => (firstImage(list[0]?.img_url), list))
        .catch(() => []),
      api(circle.topics, undefined).catch(() => []),
      api(home.categories, { section: "aw" }).catch(() => []),
      firstPostsOf(tab),
    ]),
  );
  return { tabs, tab, ads, topics, categories, first };
});

export const myCalls = early("/my", () => syncUser());

/** Its query as `String(URLSearchParams)`, the same whoever reads it. */
export const resourceCalls = early("/resource", (query: string) =>
  loadResourceTab(new URL(`/resource?${query}`, location.origin)).then((data) => (firstImage(data.home?.banners[0]?.img_url), data)),
);

export const articleCalls = early("/scandalous/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(news.detail, { id }).then((article) => (firstImage(/<img\b[^>]*?\bsrc="([^"]+)"/i.exec(article.body)?.[1]), article)),
      api(news.comments, { id, page: 1, limit: 20 }),
    ]),
  ),
);

export const postDetailCalls = early("/post/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(circle.detail, { id }),
      api(circle.replies, { id, page: 1, limit: 20 }),
      api(circle.mvList, { id, page: 1, limit: 6 }).catch(() => ({
        ...NO_COMMENTS,
        list: [] as Video[],
      })),
    ]),
  ),
);

/** The dating list's filter from `?area=`, `?price=` and `?sort=`. */
export function datingFilter(params: URLSearchParams): dating.DatingFilter {
  const price = dating.DATING_PRICES.find((p) => p.key === params.get("price"));
  return {
    area_id: positiveParam(params, "area"),
    price_min: price?.min,
    price_max: price && "max" in price ? price.max : undefined,
    certified: params.get("certified") === "1" ? 1 : undefined,
    sort: dating.DATING_SORTS.find((s) => s.sort === params.get("sort"))?.sort,
  };
}
export const datingListings = (filter: dating.DatingFilter) => pagedSource(dating.listFilter, filter, 20);

export const datingCalls = early("/dating", (filter: dating.DatingFilter) =>
  Promise.all(together(() => [api(dating.listArea, undefined), firstPage(datingListings(filter)).then((first) => (firstImage(first.list[0]?.cover), first))])),
);

export const datingReviews = (id: number) => pagedSource(dating.listComment, { id }, 10);

export const listingCalls = early("/dating/detail", (id: number) =>
  Promise.all(together(() => [api(dating.detail, { id }).then((l) => (firstImage(l.contact ? l.images[0] : l.cover), l)), firstPage(datingReviews(id))])),
);

export const comicCalls = early("/cartoon/cartoon-detail", (id: number) =>
  Promise.all(
    together(() => [
      api(comics.listEpisode, { id }).then((d) => (firstImage(d.comic.cover), d)),
      api(comics.comments, { id, page: 1, limit: 20 }).catch(() => NO_COMMENTS),
    ]),
  ).then(([detail, comments]) => ({ ...detail, comments })),
);

/** Chapters the novel's screen lists before "all chapters". */
const PREVIEW_CHAPTERS = 6;

export const novelCalls = early("/novel/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(novels.detail, { id }),
      api(novels.chaptersList, { id, page: 1, limit: PREVIEW_CHAPTERS }),
      api(novels.recommend, { id }),
      api(novels.comments, { id, page: 1, limit: 20 }),
    ]),
  ).then(([novel, chapters, recommended, comments]) => ({
    novel,
    chapters,
    recommended,
    comments,
  })),
);

export const audioCalls = early("/audio/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(audio.detail, { id }),
      api(audio.chaptersList, { id, page: 1, limit: CHAPTER_PAGE }),
      api(audio.comments, { id, page: 1, limit: 20 }),
      // Where the member left off on another device; this device's own position is enough without it.
      isLoggedIn() ? api(resources.progress, { item_id: id }).catch(() => null) : Promise.resolve(null),
    ]),
  ).then(([book, chapters, comments, remote]) => ({
    book,
    chapters: chapters.list,
    comments,
    remote,
  })),
);

/** A set has at most this many pictures on one page of `picture_list` (the gateway's largest page). */
const PICTURES_PAGE = 50;

export const pictureCalls = early("/picture/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(pictures.detail, { id }),
      api(pictures.pictureList, { id, page: 1, limit: PICTURES_PAGE }).then((images) => (firstImage(images.list[0]?.url), images)),
      api(pictures.comments, { id, page: 1, limit: 20 }),
    ]),
  ),
);

export const gameCalls = early("/game/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(games.detail, { id }).then((game) => (firstImage(game.images[0] ?? game.cover), game)),
      api(games.comments, { id, page: 1, limit: 20 }),
    ]),
  ),
);

export const featuredVideos = (uid: number) => pagedSource(creators.featured, { uid }, 20);

async function creatorPage(uid: number) {
  const person = await api(creators.creatorPage, { uid });
  // A member who is not a creator has a plain profile page instead: nothing more to ask.
  if (!person.is_creator) return { person, featured: undefined, compilations: [] };
  const [featured, compilations] = await Promise.all(together(() => [firstPage(featuredVideos(uid)), api(creators.compilations, { uid }).catch(() => [])]));
  return { person, featured, compilations };
}

export const creatorCalls = early("/home/creator", creatorPage);

const SEARCH_LIMIT = 20;
export const found = {
  video: (kw: string) => pagedSource(search.search, { kw }, SEARCH_LIMIT),
  creator: (kw: string) => pagedSource(search.searchCreator, { kw }, SEARCH_LIMIT),
  compilation: (kw: string) => pagedSource(search.searchCompilation, { kw }, SEARCH_LIMIT),
};
export type ResultType = keyof typeof found;

/** A search's words and kind from `?kw=` and `?type=`: a shared or hand-edited link may carry more than the gateway takes. */
export function searchAsked(params: URLSearchParams): {
  kw: string;
  type: ResultType;
} {
  const kw = (params.get("kw") ?? "").trim().slice(0, search.MAX_SEARCH_KEYWORD).trim();
  const type = params.get("type");
  return {
    kw,
    type: type === "creator" || type === "compilation" ? type : "video",
  };
}

async function searchFirst({ kw, type }: { kw: string; type: ResultType }) {
  if (type === "creator") return { kw, type, first: await firstPage(found.creator(kw)) };
  if (type === "compilation") return { kw, type, first: await firstPage(found.compilation(kw)) };
  const first = await firstPage(found.video(kw));
  firstImage(first.list[0]?.cover);
  return { kw, type, first };
}

export const searchCalls = early("/search/result", searchFirst);

/** Each screen's first calls from its address, for early-start.ts; a query its loader would refuse starts nothing. */
export const EARLY_SCREENS: Record<string, (q: URLSearchParams) => void> = {
  "/player": (q) => ifId(q, "id", playerCalls.start),
  "/scandalous": (q) => scandalousCalls.start(newsFilters(q)),
  "/post": (q) => postCalls.start(q.get("tab")),
  "/my": () => myCalls.start(undefined),
  "/resource": (q) => resourceCalls.start(String(q)),
  "/scandalous/detail": (q) => ifId(q, "id", articleCalls.start),
  "/post/detail": (q) => ifId(q, "id", postDetailCalls.start),
  "/dating": (q) => datingCalls.start(datingFilter(q)),
  "/dating/detail": (q) => ifId(q, "id", listingCalls.start),
  "/cartoon/cartoon-detail": (q) => ifId(q, "id", comicCalls.start),
  "/novel/detail": (q) => ifId(q, "id", novelCalls.start),
  "/audio/detail": (q) => ifId(q, "id", audioCalls.start),
  "/picture/detail": (q) => ifId(q, "id", pictureCalls.start),
  "/game/detail": (q) => ifId(q, "id", gameCalls.start),
  "/home/creator": (q) => ifId(q, "uid", creatorCalls.start),
  "/search/result": (q) => {
    const asked = searchAsked(q);
    if (asked.kw) searchCalls.start(asked);
  },
};

function ifId(q: URLSearchParams, name: string, start: (id: number) => void) {
  const id = positiveParam(q, name);
  if (id) start(id);
}
