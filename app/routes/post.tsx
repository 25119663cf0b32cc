import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { circle } from "#gateway/api/index.ts";
import type { CirclePost } from "#gateway/api/circle.ts";
import type { Headline, Paged } from "#gateway/api/index.ts";
import { PostFeed } from "#app/components/circle/circle-feeds.tsx";
import { ListEnd } from "#app/components/list-end.tsx";
import { circleSources } from "#app/features/circle/circle-sources.ts";
import { TabPage } from "#app/components/tab-bar.tsx";
import { AdBanner } from "#app/features/ads/ad-banner.tsx";
import { TabPlaceError } from "#app/components/tab-place-error.tsx";
import { api } from "#app/lib/gateway.ts";
import { importOnce } from "#app/lib/import-once.ts";
import { useHideOnScrollDown } from "#app/lib/use-hide-on-scroll-down.ts";
import { postCalls } from "#app/features/early/screens/post.ts";
import type { Route } from "./+types/post";

// 头条 is one tab of several, and not the first: its cards and sheet load when it is asked for, beside its data, so
// it draws at once (decision 109).
const loadHeadlineFeed = importOnce(() => import("#app/features/headlines/headline-feed.tsx"));
const HeadlineFeed = lazy(() => loadHeadlineFeed().then((m) => ({ default: m.HeadlineFeed })));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const tab = new URL(request.url).searchParams.get("tab");
  const [data] = await Promise.all([postCalls.take(tab), tab === "headlines" ? loadHeadlineFeed().catch(() => undefined) : null]);
  return data;
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
        <Suspense fallback={<ListEnd error={null} loading hasMore retry={() => undefined} className="headline-feed-pending" />}>
          <HeadlineFeed source={circleSources.headlines} initial={first as Paged<Headline>} />
        </Suspense>
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
