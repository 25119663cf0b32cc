import { useCallback } from "react";
import { video, type Paged, type Video } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { api } from "#app/lib/gateway.ts";
import type { Route } from "./+types/tag";

const NONE: Paged<Video> = { list: [], page: 1, limit: 20, total: 0, has_more: false };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const name = (new URL(request.url).searchParams.get("name") ?? "").trim();
  // A cut-off or hand-edited link names no tag the gateway could have (it refuses such names): the screen says
  // so itself, without asking.
  const unusable = !name ? "缺少标签名" : name.length > video.MAX_TAG_NAME ? `标签名最多 ${video.MAX_TAG_NAME} 个字` : null;
  if (unusable) return { name, unusable, first: NONE };
  return { name, unusable, first: await api(video.tagByName, { name, page: 1, limit: 20 }) };
}

export default function Tag({ loaderData: { name, unusable, first } }: Route.ComponentProps) {
  // A pull to refresh asks again only for a name the gateway takes.
  const fetchPage = useCallback((page: number) => (unusable ? Promise.resolve(NONE) : api(video.tagByName, { name, page, limit: 20 })), [name, unusable]);
  return (
    <Page title={name ? `#${name}` : "标签"}>
      <VideoFeed feedKey={`tag:${name}`} api={video.tagByName.path} params={{ name }} fetchPage={fetchPage} initial={first} emptyText={unusable ?? "该标签下暂无视频"} />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `#${data?.name || "标签"} — 影音` }];
}
