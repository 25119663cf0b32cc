import { Tabs } from "antd-mobile";
import { useState } from "react";
import { home } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { RankRow } from "#app/components/rank-row.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { creatorUid } from "#app/lib/creator-uid.ts";
import { together } from "#app/lib/gateway.ts";
import type { Route } from "./+types/fan-rank";

const fanRank = (uid: number) => pagedSource(home.clubRank, { uid }, 20);
const creatorRank = pagedSource(home.creatorRank, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const uid = creatorUid(request);
  const [fans, creatorsRank] = await Promise.all(together(() => [firstPage(fanRank(uid)), firstPage(creatorRank)]));
  return { uid, fans, creatorsRank };
}

export default function FanRank({ loaderData: { uid, fans, creatorsRank } }: Route.ComponentProps) {
  const [tab, setTab] = useState("fans");
  return (
    <Page title="榜单">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="fans" title="粉丝贡献榜" />
        <Tabs.Tab key="creators" title="创作者榜" />
      </Tabs>
      {tab === "fans" ? (
        <PagedList
          initial={fans}
          source={fanRank(uid)}
          itemKey={(m) => m.uid}
          renderItem={(m) => <RankRow rank={m.rank} uid={m.uid} nickname={m.nickname} avatar={m.avatar_url} score={m.score} unit="贡献" />}
          emptyText="还没有成员"
        />
      ) : (
        <PagedList
          initial={creatorsRank}
          source={creatorRank}
          itemKey={(c) => c.uid}
          renderItem={(c) => <RankRow rank={c.rank} uid={c.uid} nickname={c.nickname} avatar={c.avatar_url} score={c.fans_count} unit="粉丝" to={`/home/creator?uid=${c.uid}`} />}
          emptyText="暂无创作者"
        />
      )}
    </Page>
  );
}

export function meta() {
  return [{ title: "榜单 — 影音" }];
}
