import type { Paged } from "#gateway/api/types.ts";
import type { Video } from "#gateway/api/content-types.ts";
import { Page } from "#app/components/page.tsx";
import { seriesVideos } from "#app/features/sections/series.ts";
import { VideoFeed } from "./video-feed.tsx";

/** A series page's title: the series' own name, from its videos. */
export const seriesTitle = (first: Paged<Video> | undefined, fallback: string) => first?.list[0]?.series_title || fallback;

export function SeriesPage({ id, first, fallbackTitle }: { id: number; first: Paged<Video>; fallbackTitle: string }) {
  return (
    <Page title={seriesTitle(first, fallbackTitle)}>
      <p className="player-meta">共 {first.total} 个视频</p>
      <VideoFeed source={seriesVideos(id)} initial={first} emptyText="暂无视频" />
    </Page>
  );
}
