import { video as videoApi, type Video, type VideoDetail } from "#gateway/api/index.ts";
import { api } from "#app/lib/gateway.ts";

const PAGE = 50;
const MAX_PAGES = 10;

/** The video after `video` in its series (oldest first, as the series lists them), if any. */
async function nextInSeries(video: VideoDetail): Promise<Video | undefined> {
  if (!video.series_id) return undefined;
  let previous: Video | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { list, has_more } = await api(videoApi.byElement, { element_id: video.series_id, page, limit: PAGE });
    for (const v of list) {
      if (previous?.id === video.id) return v;
      previous = v;
    }
    if (!has_more) return undefined;
  }
  return undefined;
}

/** What plays after `video`: the next of its series, else the first related video. */
export async function nextVideo(video: VideoDetail, related: Video[]): Promise<Video | undefined> {
  const inSeries = await nextInSeries(video).catch(() => undefined);
  return inSeries ?? related.find((v) => v.id !== video.id);
}
