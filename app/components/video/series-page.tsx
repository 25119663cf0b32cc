import { data } from "react-router";
import { home } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import type { Video } from "#gateway/api/content-types.ts";
import { Page } from "#app/components/page.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { VideoFeed } from "./video-feed.tsx";

const seriesVideos = (id: number) => pagedSource(home.elementVideos, { id }, 20);

/** Loader for a series (topic or collection) page: `?id=`. */
export async function loadSeries(request: Request) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw data("专题不存在或链接有误", { status: 404 });
  return { id, first: await firstPage(seriesVideos(id)) };
}

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
