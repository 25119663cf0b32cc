import { Tabs } from "antd-mobile";
import { useState } from "react";
import { Link } from "react-router";
import { home, type TagWithVideos } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { VideoGrid } from "#app/components/video/video-grid.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import type { Route } from "./+types/tag";
import "#app/styles/discovery.css";

const tagGroups = { hot: pagedSource(home.tagsWithVideos, {}, 10), new: pagedSource(home.tagsWithNewVideos, {}, 10) };

export async function clientLoader() {
  return { first: await firstPage(tagGroups.hot) };
}

function TagGroup({ group }: { group: TagWithVideos }) {
  return (
    <section aria-label={group.name}>
      <div className="tag-group-head">
        <h2>#{group.name}</h2>
        <Link to={`/tag?name=${encodeURIComponent(group.name)}`}>{group.video_count} 个视频 ›</Link>
      </div>
      <VideoGrid videos={group.videos} />
    </section>
  );
}

export default function DiscoveryTag({ loaderData }: Route.ComponentProps) {
  const [order, setOrder] = useState<"hot" | "new">("hot");
  return (
    <Page title="标签">
      <Tabs activeKey={order} onChange={(k) => setOrder(k as "hot" | "new")}>
        <Tabs.Tab key="hot" title="热门标签" />
        <Tabs.Tab key="new" title="最近更新" />
      </Tabs>
      {/* The other order loads in the list itself: its loading, its failure and 重试 are the list's. */}
      <PagedList
        source={tagGroups[order]}
        initial={order === "hot" ? loaderData.first : undefined}
        itemKey={(g) => g.name}
        renderItem={(g) => <TagGroup group={g} />}
        emptyText="暂无标签"
      />
    </Page>
  );
}

export function meta() {
  return [{ title: "标签 — 影音" }];
}
