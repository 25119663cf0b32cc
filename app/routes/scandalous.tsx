import { Link } from "react-router";
import { news } from "#gateway/api/index.ts";
import type { NewsItem } from "#gateway/api/news.ts";
import { WindowedList } from "#app/components/circle/windowed-list.tsx";
import { NewsRow } from "#app/components/news/news-row.tsx";
import { TabPage } from "#app/components/tab-bar.tsx";
import { TabPlaceError } from "#app/components/tab-place-error.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import type { Route } from "./+types/scandalous";

const articles = (category_id: number | undefined, tag: string | undefined) => pagedSource(news.list, { category_id, tag }, 20);

/** `?category=` and `?tag=`: the list shown. */
function filters(request: Request) {
  const q = new URL(request.url).searchParams;
  const c = Number(q.get("category"));
  return { category: Number.isSafeInteger(c) && c > 0 ? c : undefined, tag: q.get("tag")?.trim().slice(0, news.MAX_NEWS_TAG) || undefined };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { category, tag } = filters(request);
  const [categories, tags, first] = await Promise.all(
    together(() => [api(news.categories, undefined), api(news.tags, { category_id: category }).catch(() => []), firstPage(articles(category, tag))]),
  );
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
