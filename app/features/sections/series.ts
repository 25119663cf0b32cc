import { data } from "react-router";
import { home } from "#gateway/api/index.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";

/** A series' (topic's or collection's) videos, as a paged source. */
export const seriesVideos = (id: number) => pagedSource(home.elementVideos, { id }, 20);

/** Loader for a series (topic or collection) page: `?id=`. */
export async function loadSeries(request: Request) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw data("专题不存在或链接有误", { status: 404 });
  return { id, first: await firstPage(seriesVideos(id)) };
}
