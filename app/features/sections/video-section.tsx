import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import * as home from "#gateway/api/home.ts";
import type { OpenAdsAndVersion } from "#gateway/api/types.ts";
import { alertDialog } from "#app/lib/feedback.ts";
import { api } from "#app/lib/gateway.ts";
import { sessionStore } from "#app/lib/safe-storage.ts";
import { categoryHref } from "#app/lib/shortcut.ts";
import { SortTabs } from "#app/components/video/sort-tabs.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { AdBanner } from "#app/features/ads/ad-banner.tsx";
import { refreshSectionExtras, sectionFeed, type SectionData } from "./section-data.ts";

export const lastSort = new Map<string, string>();
const DISCOVER = [
  ["/discovery/tag", "标签"],
  ["/discovery/concentration", "精选专题"],
  ["/discovery/daily-pick", "每日精选"],
  ["/discovery/theme", "主题"],
  ["/home/collect", "合集"],
] as const;

const HOME_NOTICE_KEY = "___HOME_NOTICE__";
/** What a member does first on a screen: after one of these, a dialog would land on a tap already made. */
const FIRST_INPUTS = ["pointerdown", "touchstart", "keydown", "wheel"] as const;
/** The notice's answer, asked once a page load and kept for the next visit of home if this one cannot show it. */
let noticeAnswer: Promise<OpenAdsAndVersion["notice"]> | null = null;
/**
 * Whether the member has done something on this visit of home. Not the effect's own: a replace on the same
 * path (the feed keeping its place) mounts the kept-alive screen again within one visit; leaving the path ends it.
 */
let touchedThisVisit = false;
const touched = () => void (touchedThisVisit = true);

/**
 * The home notice, once per session, with the first screen or not at all on that visit: the moment the answer
 * is in, unless the member has already tapped, scrolled or typed on home (it would land on that tap). A visit
 * it could not show on leaves it for the next showing of home (the kept-alive screen shown again), which shows
 * it at once; a failed call is asked again then (decision 060).
 */
function useHomeNotice(enabled: boolean) {
  useEffect(() => {
    if (!enabled || sessionStore.getItem(HOME_NOTICE_KEY)) return;
    let live = true;
    const here = window.location.pathname;
    for (const type of FIRST_INPUTS) window.addEventListener(type, touched, { capture: true, passive: true });
    const asked = (noticeAnswer ??= api(home.getOpenAdsAndVersion, undefined).then((r) => r.notice));
    asked.then(
      (notice) => {
        if (!live || touchedThisVisit) return;
        sessionStore.setItem(HOME_NOTICE_KEY, "1");
        if (notice) void alertDialog({ title: notice.title, content: notice.content, confirmText: "我知道了" });
      },
      () => void (noticeAnswer = null),
    );
    return () => {
      live = false;
      for (const type of FIRST_INPUTS) window.removeEventListener(type, touched, { capture: true });
      if (window.location.pathname !== here) touchedThisVisit = false;
    };
  }, [enabled]);
}

export function VideoSectionView({ data, title, withNotice = false }: { data: SectionData; title: string; withNotice?: boolean }) {
  const { section, tabs, first } = data;
  // A pull refreshes the banner and the categories too; new loader data (a revalidation) replaces them.
  const [pulled, setPulled] = useState<{ from: SectionData; extras: Partial<Pick<SectionData, "ads" | "categories">> }>();
  const extras = pulled?.from === data ? pulled.extras : {};
  const ads = extras.ads ?? data.ads;
  const categories = extras.categories ?? data.categories;
  const refreshExtras = useCallback(async () => setPulled({ from: data, extras: await refreshSectionExtras(section) }), [data, section]);
  // The sort picked last in this section, when the section is opened again (the tab bar).
  const [sort, setSort] = useState(() => (tabs.some((t) => t.sort === lastSort.get(section)) ? lastSort.get(section)! : tabs[0]!.sort));
  useEffect(() => void lastSort.set(section, sort), [section, sort]);
  useHomeNotice(withNotice);

  return (
    <div className="video-section">
      <header className="section-head">
        <h1 className="section-title">{title}</h1>
        <Link className="search-entry" to="/search">
          搜索视频、创作者
        </Link>
      </header>
      <SortTabs tabs={tabs} active={sort} onChange={setSort} />
      <AdBanner ads={ads} />
      {categories.length > 0 && (
        <nav className="category-chips" aria-label="分类">
          {categories.map((c) => (
            <Link key={c.id} to={categoryHref(c.id, c.name)}>
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
      <VideoFeed source={sectionFeed(section, sort)} initial={sort === tabs[0]!.sort ? first : undefined} onRefresh={refreshExtras} />
    </div>
  );
}
