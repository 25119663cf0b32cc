import { Tabs } from "antd-mobile";
import { useSearchParams } from "react-router";
import { accounts } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { ResourceFeed } from "#app/components/resources/resource-feed.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { boughtSource } from "#app/features/resources/my-resource-lists.ts";
import { KIND_ORDER, kindOf, RESOURCE_KINDS } from "#app/features/resources/resource-kinds.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-purchase";

const purchases = pagedSource(accounts.myPurchases, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  // `?kind=comic` … `?kind=game`: what was bought of a resource kind (issue 19); else the videos.
  const kind = kindOf(new URL(request.url).searchParams.get("kind"));
  if (kind) return { kind, first: undefined, bought: await firstPage(boughtSource(kind)).catch(() => undefined) };
  return { kind, first: await firstPage(purchases), bought: undefined };
}

export default function MyPurchase({ loaderData: { kind, first, bought } }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  return (
    <Page title="我的购买">
      <Tabs activeKey={kind ?? "video"} onChange={(k) => setParams(k === "video" ? {} : { kind: k }, { replace: true })}>
        <Tabs.Tab key="video" title="视频" />
        {KIND_ORDER.map((k) => (
          <Tabs.Tab key={k} title={RESOURCE_KINDS[k].label} />
        ))}
      </Tabs>
      {kind ? (
        <ResourceFeed source={boughtSource(kind)} initial={bought} emptyText={`还没有购买过${RESOURCE_KINDS[kind].label}`} label={`购买的${RESOURCE_KINDS[kind].label}`} />
      ) : (
        <VideoFeed source={purchases} initial={first} emptyText="还没有购买过视频" />
      )}
    </Page>
  );
}

export function meta() {
  return [{ title: "我的购买 — 影音" }];
}
