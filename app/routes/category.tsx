import { Tabs } from "antd-mobile";
import { useCallback, useState } from "react";
import { data } from "react-router";
import { videos } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { api } from "#app/lib/gateway.ts";
import type { Route } from "./+types/category";

const SORTS = [
  { sort: "new", name: "最新" },
  { sort: "hot", name: "最热" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data("分类不存在", { status: 404 });
  const [first, categories] = await Promise.all([
    api(videos.category, { id, sort: "new", page: 1, limit: 20 }),
    Promise.all([api(videos.categories, { section: "porn" }), api(videos.categories, { section: "aw" })]).catch(() => [[], []]),
  ]);
  const name = categories.flat().find((c) => c.id === id)?.name ?? "分类";
  return { id, name, first };
}

export default function Category({ loaderData: { id, name, first } }: Route.ComponentProps) {
  const [sort, setSort] = useState("new");
  const fetchPage = useCallback((page: number) => api(videos.category, { id, sort, page, limit: 20 }), [id, sort]);
  return (
    <Page title={name}>
      <Tabs activeKey={sort} onChange={setSort}>
        {SORTS.map((s) => (
          <Tabs.Tab key={s.sort} title={s.name} />
        ))}
      </Tabs>
      <VideoFeed
        key={sort}
        feedKey={`category:${id}:${sort}`}
        api={videos.category.path}
        params={{ id, sort }}
        fetchPage={fetchPage}
        initial={sort === "new" ? first : undefined}
        emptyText="该分类暂无视频"
      />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.name ?? "分类"} — 影音` }];
}
