import { Link } from "react-router";
import { circle, home } from "#gateway/api/index.ts";
import type { CirclePost } from "#gateway/api/circle.ts";
import type { Headline, Paged } from "#gateway/api/index.ts";
import { HeadlineFeed, PostFeed } from "#app/components/circle/circle-feeds.tsx";
import { circleSources } from "#app/features/circle/circle-sources.ts";
import { TabPage } from "#app/components/tab-bar.tsx";
import { AdBanner } from "#app/features/ads/ad-banner.tsx";
import { TabPlaceError } from "#app/components/tab-place-error.tsx";
import { firstPage } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import { useHideOnScrollDown } from "#app/lib/use-hide-on-scroll-down.ts";
import type { Route } from "./+types/post";

/** Tabs beside the config's sorts (`sort_tabs.post`). */
const MORE_TABS = [
  { sort: "headlines", name: "头条" },
  { sort: "want", name: "求片" },
  { sort: "rank", name: "悬赏榜" },
] as const;

function firstOf(tab: string): Promise<Paged<CirclePost> | Paged<Headline>> {
  if (tab === "headlines") return firstPage(circleSources.headlines);
  if (tab === "want" || tab === "rank") return firstPage(circleSources[tab]);
  return firstPage(circleSources.feed(tab));
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const config = await syncGlobalConfig();
  const tabs = [...config.sort_tabs.post, ...MORE_TABS];
  const asked = new URL(request.url).searchParams.get("tab");
  const tab = tabs.find((t) => t.sort === asked)?.sort ?? tabs[0]!.sort;
  const [ads, topics, categories, first] = await Promise.all(
    together(() => [
      api(home.ads, { position: "post" }).catch(() => []),
      api(circle.topics, undefined).catch(() => []),
      api(home.categories, { section: "aw" }).catch(() => []),
      firstOf(tab),
    ]),
  );
  return { tabs, tab, ads, topics, categories, first };
}

export default function Post({ loaderData: { tabs, tab, ads, topics, categories, first } }: Route.ComponentProps) {
  const fabHidden = useHideOnScrollDown();
  return (
    <TabPage>
      <header className="section-head">
        <h1 className="section-title">圈子</h1>
      </header>
      <nav className="sort-tabs" role="tablist" aria-label="圈子">
        {tabs.map((t) => (
          <Link key={t.sort} to={`/post?tab=${t.sort}`} replace role="tab" aria-selected={t.sort === tab} className={t.sort === tab ? "is-active" : ""}>
            {t.name}
          </Link>
        ))}
      </nav>
      <AdBanner ads={ads} />
      {topics.length > 0 && (
        <nav className="feed-tools" aria-label="话题">
          {topics.map((t) => (
            <Link key={t.id} to={`/post/topic?id=${t.id}`}>
              #{t.title}
            </Link>
          ))}
        </nav>
      )}
      {categories.length > 0 && (
        <nav className="feed-tools" aria-label="分类">
          {categories.map((c) => (
            <Link key={c.id} to={`/post/category?id=${c.id}`}>
              {c.name}
            </Link>
          ))}
        </nav>
      )}
      {tab === "headlines" ? (
        <HeadlineFeed source={circleSources.headlines} initial={first as Paged<Headline>} />
      ) : (
        <PostFeed
          source={tab === "want" || tab === "rank" ? circleSources[tab] : circleSources.feed(tab)}
          initial={first as Paged<CirclePost>}
          emptyText={tab === "want" ? "还没有求片" : "还没有帖子"}
        />
      )}
      <div className="circle-fab-clearance" aria-hidden="true" />
      <div className={fabHidden ? "circle-fab is-hidden" : "circle-fab"} inert={fabHidden}>
        <Link to="/lookmv?type=post" aria-label="发帖">
          发帖
        </Link>
        <Link to="/lookmv" aria-label="求片">
          求片
        </Link>
      </div>
    </TabPage>
  );
}

export function meta() {
  return [{ title: "圈子 — 影音" }];
}

export function ErrorBoundary() {
  return <TabPlaceError title="圈子" />;
}
