import { home, type Video } from "#gateway/api/index.ts";
import { ElementCard } from "#app/components/element-card.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { VideoCard } from "#app/components/video/video-card.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import type { Route } from "./+types/daily-pick";
import "#app/styles/discovery.css";

const smallVideos = pagedSource(home.smallHotByTag, {}, 18);

export async function clientLoader() {
  const [featured, small] = await Promise.all(together(() => [api(home.featuredTopics, undefined), firstPage(smallVideos)]));
  return { featured, small };
}

export default function DailyPick({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="每日精选">
      <h2 className="block-title">今日专题</h2>
      <div className="featured-strip">
        {loaderData.featured.map((e) => (
          <ElementCard key={e.id} element={e} />
        ))}
      </div>
      <h2 className="block-title">热门小视频</h2>
      <PagedList<Video>
        layout="grid"
        initial={loaderData.small}
        source={smallVideos}
        itemKey={(v) => v.id}
        renderItem={(v) => <VideoCard video={v} ratio="9X16" />}
        emptyText="暂无小视频"
      />
    </Page>
  );
}

export function meta() {
  return [{ title: "每日精选 — 影音" }];
}
