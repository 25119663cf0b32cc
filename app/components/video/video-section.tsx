import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import * as home from "#gateway/api/home.ts";
import { alertDialog } from "#app/lib/feedback.ts";
import { api } from "#app/lib/gateway.ts";
import { whenImagesOnScreen } from "#app/lib/images.ts";
import { sessionStore } from "#app/lib/safe-storage.ts";
import { categoryHref } from "#app/lib/shortcut.ts";
import { Banner } from "#app/components/media/banner.tsx";
import { refreshSectionExtras, sectionFeed, type SectionData } from "#app/features/sections/section-data.ts";
import { SortTabs } from "./sort-tabs.tsx";
import { VideoFeed } from "./video-feed.tsx";

export const lastSort = new Map<string, string>();
const DISCOVER = [
  ["/discovery/tag", "标签"],
  ["/discovery/concentration", "精选专题"],
  ["/discovery/daily-pick", "每日精选"],
  ["/discovery/theme", "主题"],
  ["/home/collect", "合集"],
] as const;

const HOME_NOTICE_KEY = "___HOME_NOTICE__";
/** The longest the notice waits for the first screen of covers. */
const NOTICE_WAITS_MS = 4000;

/**
 * The home notice, once per session: seen once shown on home. It comes after the first screen of covers, not
 * over grey boxes. An answer that comes after the member has left home (the kept-alive screen hidden) waits for
 * home to be shown again; a failed call is tried again then.
 */
function useHomeNotice(enabled: boolean, section: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!enabled || sessionStore.getItem(HOME_NOTICE_KEY)) return;
    let shown = true;
    void api(home.getOpenAdsAndVersion, undefined)
      .then(async (r) => {
        if (section.current) await whenImagesOnScreen(section.current, NOTICE_WAITS_MS);
        if (!shown) return;
        sessionStore.setItem(HOME_NOTICE_KEY, "1");
        if (r.notice) void alertDialog({ title: r.notice.title, content: r.notice.content, confirmText: "我知道了" });
      })
      .catch(() => undefined);
    return () => void (shown = false);
  }, [enabled, section]);
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
  const root = useRef<HTMLDivElement>(null);
  useHomeNotice(withNotice, root);

  return (
    <div className="video-section" ref={root}>
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
