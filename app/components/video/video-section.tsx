import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { system, videos, type Ad, type Category, type SortTab, type VideoSection as Section } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import type { Video } from "#gateway/api/content-types.ts";
import { alertDialog } from "#app/lib/feedback.ts";
import { startEarly, takeEarly } from "#app/lib/early-data.ts";
import { api } from "#app/lib/gateway.ts";
import { imageLoader, loadImage } from "#app/lib/images.ts";
import { sessionStore } from "#app/lib/safe-storage.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import { globalStore } from "#app/stores/global.ts";
import { Banner } from "./banner.tsx";
import { SECTION_ROUTES, type SectionPath } from "./section-routes.ts";
import { SortTabs } from "./sort-tabs.tsx";
import { VideoFeed } from "./video-feed.tsx";

const DEFAULT_TABS: SortTab[] = [
  { sort: "new", name: "最新" },
  { sort: "hot", name: "最热" },
  { sort: "hot_new", name: "热门新片" },
];
export const lastSort = new Map<string, string>();
const FEED_LIMIT = 20;
const DISCOVER = [
  ["/discovery/tag", "标签"],
  ["/discovery/concentration", "精选专题"],
  ["/discovery/daily-pick", "每日精选"],
  ["/discovery/theme", "主题"],
  ["/home/collect", "合集"],
] as const;

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
  const firstPage = (sort: string) => api(videos.list, { section, sort, page: 1, limit: FEED_LIMIT });
  const guessed = firstPage(guess);
  guessed.catch(() => undefined); // awaited below, or dropped when the config names another sort
  const [config, ads, categories] = await Promise.all([
    syncGlobalConfig().catch(() => null),
    api(videos.ads, { position })
      .then((list) => {
        if (list[0]) void loadImage(list[0].img_url, { first: true }).catch(() => undefined);
        return list;
      })
      .catch(() => [] as Ad[]),
    api(videos.categories, { section }).catch(() => [] as Category[]),
  ]);
  const tabs = config?.sort_tabs[section]?.length ? config.sort_tabs[section] : DEFAULT_TABS;
  const first = tabs[0]!.sort === guess ? await guessed : await firstPage(tabs[0]!.sort);
  return { section, tabs, ads, categories, first };
}

const loadSectionRoute = (path: SectionPath) => loadSection(SECTION_ROUTES[path].section, SECTION_ROUTES[path].position);

/** A section route's loader: takes the first screen's data if root.tsx started it early. */
export const sectionLoader = (path: SectionPath) => () => takeEarly(`section:${path}`, () => loadSectionRoute(path));

/** Starts a section's first screen before React Router runs (root.tsx, on a direct visit). */
export function startSectionEarly(path: SectionPath) {
  startEarly(`section:${path}`, () => loadSectionRoute(path));
  // The banner's address comes with these calls; the worker that fetches it starts now, not then.
  imageLoader().warm();
}

const HOME_NOTICE_KEY = "___HOME_NOTICE__";

/** The home notice, once per session. */
function useHomeNotice(enabled: boolean) {
  useEffect(() => {
    if (!enabled || sessionStore.getItem(HOME_NOTICE_KEY)) return;
    sessionStore.setItem(HOME_NOTICE_KEY, "1");
    void api(system.getOpenAdsAndVersion, undefined)
      .then((r) => {
        if (r.notice) void alertDialog({ title: r.notice.title, content: r.notice.content, confirmText: "我知道了" });
      })
      .catch(() => undefined);
  }, [enabled]);
}

export function VideoSectionView({ data, title, withNotice = false }: { data: SectionData; title: string; withNotice?: boolean }) {
  const { section, tabs, ads, categories, first } = data;
  // The sort picked last in this section, when the section is opened again (the tab bar).
  const [sort, setSort] = useState(() => (tabs.some((t) => t.sort === lastSort.get(section)) ? lastSort.get(section)! : tabs[0]!.sort));
  useEffect(() => void lastSort.set(section, sort), [section, sort]);
  useHomeNotice(withNotice);
  const fetchPage = useCallback((page: number) => api(videos.list, { section, sort, page, limit: FEED_LIMIT }), [section, sort]);

  return (
    <div className="video-section">
      <header className="section-head">
        <h1 className="section-title">{title}</h1>
        <Link className="search-entry" to="/search">
          搜索视频、创作者
        </Link>
      </header>
      <SortTabs tabs={tabs} active={sort} onChange={setSort} />
      <Banner ads={ads} />
      {categories.length > 0 && (
        <nav className="category-chips" aria-label="分类">
          {categories.map((c) => (
            <Link key={c.id} to={`/category?id=${c.id}`}>
              {c.name}
            </Link>
          ))}
        </nav>
      )}
      <nav className="discovery-nav" aria-label="发现">
        {DISCOVER.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </nav>
      <VideoFeed
        key={sort}
        feedKey={`${section}:${sort}`}
        api={videos.list.path}
        params={{ section, sort }}
        fetchPage={fetchPage}
        initial={sort === tabs[0]!.sort ? first : undefined}
      />
    </div>
  );
}
