import { video } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import type { Route } from "./+types/tag";

const tagVideos = (name: string) => pagedSource(video.tagByName, { name }, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const name = (new URL(request.url).searchParams.get("name") ?? "").trim();
  // A cut-off or hand-edited link names no tag the gateway could have (it refuses such names): the screen says
  // so itself, without asking.
  const unusable = !name ? "缺少标签名" : name.length > video.MAX_TAG_NAME ? `标签名最多 ${video.MAX_TAG_NAME} 个字` : null;
  if (unusable) return { name, unusable, first: null };
  return { name, unusable, first: await firstPage(tagVideos(name)) };
}

export default function Tag({ loaderData: { name, unusable, first } }: Route.ComponentProps) {
  return (
    <Page title={name ? `#${name}` : "标签"}>
      {/* A name the gateway refuses is never asked for, not even by a pull to refresh. */}
      {first ? <VideoFeed source={tagVideos(name)} initial={first} emptyText="该标签下暂无视频" /> : <p className="feed-empty">{unusable}</p>}
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `#${data?.name || "标签"} — 影音` }];
}
