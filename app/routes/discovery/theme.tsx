import { Tabs } from "antd-mobile";
import { useState } from "react";
import { home, type CreatorWithVideos } from "#gateway/api/index.ts";
import { CreatorRow } from "#app/components/creator-row.tsx";
import { ElementCard } from "#app/components/element-card.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { VideoGrid } from "#app/components/video/video-grid.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { together } from "#app/lib/gateway.ts";
import type { Route } from "./+types/theme";

const creatorList = pagedSource(home.creatorsWithVideos, {}, 10);
const compilationList = pagedSource(home.compilations, {}, 10);

export async function clientLoader() {
  const [creators, compilations] = await Promise.all(together(() => [firstPage(creatorList), firstPage(compilationList)]));
  return { creators, compilations };
}

function CreatorBlock({ creator }: { creator: CreatorWithVideos }) {
  return (
    <section aria-label={creator.nickname}>
      <CreatorRow creator={creator} />
      <VideoGrid videos={creator.videos.slice(0, 2)} />
    </section>
  );
}

export default function Theme({ loaderData }: Route.ComponentProps) {
  const [tab, setTab] = useState("creators");
  return (
    <Page title="主题">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="creators" title="创作者" />
        <Tabs.Tab key="compilations" title="合集" />
      </Tabs>
      {tab === "creators" ? (
        <PagedList initial={loaderData.creators} source={creatorList} itemKey={(c) => c.uid} renderItem={(c) => <CreatorBlock creator={c} />} emptyText="暂无创作者" />
      ) : (
        <PagedList
          initial={loaderData.compilations}
          source={compilationList}
          itemKey={(c) => c.id}
          renderItem={(c) => <ElementCard element={{ id: c.id, title: c.title, cover: c.cover, video_count: c.video_count, description: `${c.creator.nickname} · ${c.video_count} 个视频` }} to={`/home/collect-detail?id=${c.id}`} />}
          emptyText="暂无合集"
        />
      )}
    </Page>
  );
}

export function meta() {
  return [{ title: "主题 — 影音" }];
}
