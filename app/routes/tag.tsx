import { useCallback } from "react";
import { data } from "react-router";
import { video } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { api } from "#app/lib/gateway.ts";
import type { Route } from "./+types/tag";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const name = (new URL(request.url).searchParams.get("name") ?? "").trim();
  if (!name) throw data("缺少标签名", { status: 404 });
  return { name, first: await api(video.tagByName, { name, page: 1, limit: 20 }) };
}

export default function Tag({ loaderData: { name, first } }: Route.ComponentProps) {
  const fetchPage = useCallback((page: number) => api(video.tagByName, { name, page, limit: 20 }), [name]);
  return (
    <Page title={`#${name}`}>
      <VideoFeed feedKey={`tag:${name}`} api={video.tagByName.path} params={{ name }} fetchPage={fetchPage} initial={first} emptyText="该标签下暂无视频" />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `#${data?.name ?? "标签"} — 影音` }];
}
