import { useCallback } from "react";
import { videos } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { api } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-like";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { first: await api(videos.myLikes, { page: 1, limit: 20 }) };
}

export default function MyLike({ loaderData }: Route.ComponentProps) {
  const fetchPage = useCallback((page: number) => api(videos.myLikes, { page, limit: 20 }), []);
  return (
    <Page title="我的喜欢">
      <VideoFeed feedKey="my-like" api={videos.myLikes.path} params={{}} fetchPage={fetchPage} initial={loaderData.first} emptyText="还没有喜欢的视频" />
    </Page>
  );
}
