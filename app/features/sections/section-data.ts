import type { Ad, Category, VideoSection as Section } from "#gateway/api/content-types.ts";
import * as home from "#gateway/api/home.ts";
import type { SortTab } from "#gateway/api/types.ts";
import type { Paged } from "#gateway/api/types.ts";
import type { Video } from "#gateway/api/content-types.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { startEarly, takeEarly } from "#app/lib/early-data.ts";
import { api, together } from "#app/lib/gateway.ts";
import { paintEarly } from "#app/lib/early-paint.ts";
import { imageLoader, loadImage } from "#app/lib/images.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import { globalStore } from "#app/stores/global.ts";
import { SECTION_ROUTES, type SectionPath } from "./section-routes.ts";

// No React and no React Router in this module's graph: early-start.ts runs it before they have downloaded.

export const DEFAULT_TABS: SortTab[] = [
  { sort: "new", name: "最新" },
  { sort: "hot", name: "最热" },
  { sort: "hot_new", name: "热门新片" },
];
const FEED_LIMIT = 20;

/** A section's feed in one sort. */
export const sectionFeed = (section: Section, sort: string) => pagedSource(home.list, { section, sort }, FEED_LIMIT);

export interface SectionData {
  section: Section;
  tabs: SortTab[];
  ads: Ad[];
  categories: Category[];
  first: Paged<Video>;
}

/**
 * Everything the first screen of a video section needs, fetched at once. The feed's first page is asked for
 * beside the config, with the sort the config last named (or the default); asked again only when the config
 * names another. The first banner image starts loading as soon as the ads are in.
 */
export async function loadSection(section: Section, position: string): Promise<SectionData> {
  const guess = globalStore.get().config?.sort_tabs[section]?.[0]?.sort ?? DEFAULT_TABS[0]!.sort;
  const guessed = firstPage(sectionFeed(section, guess));
  guessed.catch(() => undefined); // awaited below, or dropped when the config names another sort
  // The three small calls go as one request: on a slow line each request of its own would cost a round trip.
  const [config, ads, categories] = await Promise.all(
    together(() => [
      syncGlobalConfig().catch(() => null),
      api(home.ads, { position })
        .then((list) => {
          if (list[0]) void loadImage(list[0].img_url, { first: true }).then((url) => paintEarly("banner", url), () => undefined);
          return list;
        })
        .catch(() => [] as Ad[]),
      api(home.categories, { section }).catch(() => [] as Category[]),
    ]),
  );
  const tabs = config?.sort_tabs[section]?.length ? config.sort_tabs[section] : DEFAULT_TABS;
  const first = tabs[0]!.sort === guess ? await guessed : await firstPage(sectionFeed(section, tabs[0]!.sort));
  return { section, tabs, ads, categories, first };
}

/** A section's banner ads and categories again (pull-to-refresh): what fails keeps what the screen shows. */
export async function refreshSectionExtras(section: Section): Promise<Partial<Pick<SectionData, "ads" | "categories">>> {
  const position = Object.values(SECTION_ROUTES).find((r) => r.section === section)?.position ?? "home";
  const [ads, categories] = await Promise.all(
    together(() => [api(home.ads, { position }).catch(() => undefined), api(home.categories, { section }).catch(() => undefined)]),
  );
  return { ...(ads && { ads }), ...(categories && { categories }) };
}

const loadSectionRoute = (path: SectionPath) => loadSection(SECTION_ROUTES[path].section, SECTION_ROUTES[path].position);

/** A section route's loader: takes the first screen's data if early-start.ts started it. */
export const sectionLoader = (path: SectionPath) => () => takeEarly(`section:${path}`, () => loadSectionRoute(path));

/** Starts a section's first screen before React Router runs (early-start.ts, on a direct visit). */
export function startSectionEarly(path: SectionPath) {
  startEarly(`section:${path}`, () => loadSectionRoute(path));
  // The banner's address comes with these calls; the worker that fetches it starts now, not then.
  imageLoader().warm();
}
