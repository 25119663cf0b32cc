import { Link } from "react-router";
import { news } from "#gateway/api/index.ts";
import type { NewsItem } from "#gateway/api/news.ts";
import { WindowedList } from "#app/components/circle/windowed-list.tsx";
import { NewsRow } from "#app/components/news/news-row.tsx";
import { TabPage } from "#app/components/tab-bar.tsx";
import { TabPlaceError } from "#app/components/tab-place-error.tsx";
import { api } from "#app/lib/gateway.ts";
import { articles, newsFilters, scandalousCalls } from "#app/features/early/screens/scandalous.ts";
import type { Route } from "./+types/scandalous";


export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { category, tag } = newsFilters(new URL(request.url).searchParams);
  const [categories, tags, first] = await scandalousCalls.take({ category, tag });
  return { categories, tags, category, tag, first };
}

const to = (category: number | undefined, tag?: string) => {
  const q = new URLSearchParams();
  if (category) q.set("category", String(category));
  if (tag) q.set("tag", tag);
  return `/scandalous${q.size ? `?${q}` : ""}`;
};

export default function Scandalous({ loaderData: { categories, tags, category, tag, first } }: Route.ComponentProps) {
  return (
    <TabPage>
      <header className="section-head">
        <h1 className="section-title">黑料</h1>
      </header>
      <nav className="feed-tools" aria-label="分类">
        <Link to={to(undefined)} replace className={category ? "" : "is-active"} aria-current={category ? undefined : "page"}>
          全部
        </Link>
        {categories.map((c) => (
          <Link key={c.id} to={to(c.id)} replace className={c.id === category ? "is-active" : ""} aria-current={c.id === category ? "page" : undefined}>
            {c.name}
          </Link>
        ))}
      </nav>
      {tags.length > 0 && (
        <nav className="feed-tools" aria-label="标签">
          {tags.map((t) => (
            <Link key={t.id} to={to(category, t.name === tag ? undefined : t.name)} replace className={t.name === tag ? "is-active" : ""}>
              #{t.name}
            </Link>
          ))}
        </nav>
      )}
      <WindowedList<NewsItem>
        source={articles(category, tag)}
        initial={first}
        itemKey={(a) => a.id}
        renderItem={(a) => <NewsRow item={a} />}
        estimate={76}
        emptyText="暂无文章"
        label="文章"
      />
    </TabPage>
  );
}

export function meta() {
  return [{ title: "黑料 — 影音" }];
}

export function ErrorBoundary() {
  return <TabPlaceError title="黑料" />;
}
