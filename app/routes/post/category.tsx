import { useState } from "react";
import { data } from "react-router";
import { home } from "#gateway/api/index.ts";
import { PostFeed } from "#app/components/circle/circle-feeds.tsx";
import { circleSources } from "#app/features/circle/circle-sources.ts";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { Page } from "#app/components/page.tsx";
import { SortTabs } from "#app/components/video/sort-tabs.tsx";
import { firstPage } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import type { Route } from "./+types/category";

// A category of the circle (its chips are the dark-web section's categories): that category's posts, in the
// circle's sorts (`sort_tabs.post`).

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "分类不存在或链接有误");
  const config = await syncGlobalConfig();
  const tabs = config.sort_tabs.post;
  const [categories, first] = await Promise.all(together(() => [api(home.categories, { section: "aw" }), firstPage(circleSources.category(id, tabs[0]!.sort))]));
  const category = categories.find((c) => c.id === id);
  if (!category) throw data("分类不存在或链接有误", { status: 404 });
  return { category, tabs, first };
}

export default function CircleCategory({ loaderData: { category, tabs, first } }: Route.ComponentProps) {
  const [sort, setSort] = useState(tabs[0]!.sort);
  return (
    <Page title={category.name}>
      <SortTabs tabs={tabs} active={sort} onChange={setSort} />
      <PostFeed source={circleSources.category(category.id, sort)} initial={sort === tabs[0]!.sort ? first : undefined} emptyText="这个分类还没有帖子" />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.category.name ?? "分类"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="分类" failed="分类加载失败" />;
}
