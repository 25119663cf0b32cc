import { useCallback } from "react";
import { accounts } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { api } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-purchase";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { first: await api(accounts.myPurchases, { page: 1, limit: 20 }) };
}

export default function MyPurchase({ loaderData }: Route.ComponentProps) {
  const fetchPage = useCallback((page: number) => api(accounts.myPurchases, { page, limit: 20 }), []);
  return (
    <Page title="我的购买">
      <VideoFeed feedKey="my-purchase" api={accounts.myPurchases.path} params={{}} fetchPage={fetchPage} initial={loaderData.first} emptyText="还没有购买过视频" />
    </Page>
  );
}

export function meta() {
  return [{ title: "我的购买 — 影音" }];
}
