import { accounts } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-purchase";

const purchases = pagedSource(accounts.myPurchases, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { first: await firstPage(purchases) };
}

export default function MyPurchase({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="我的购买">
      <VideoFeed source={purchases} initial={loaderData.first} emptyText="还没有购买过视频" />
    </Page>
  );
}

export function meta() {
  return [{ title: "我的购买 — 影音" }];
}
