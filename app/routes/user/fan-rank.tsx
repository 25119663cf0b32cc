import { Tabs } from "antd-mobile";
import { useCallback, useState } from "react";
import { home } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { RankRow } from "#app/components/rank-row.tsx";
import { creatorUid } from "#app/lib/creator-uid.ts";
import { api, together } from "#app/lib/gateway.ts";
import type { Route } from "./+types/fan-rank";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const uid = creatorUid(request);
  const [fans, creatorsRank] = await Promise.all(together(() => [api(home.clubRank, { uid, page: 1, limit: 20 }), api(home.creatorRank, { page: 1, limit: 20 })]));
  return { uid, fans, creatorsRank };
}

export default function FanRank({ loaderData: { uid, fans, creatorsRank } }: Route.ComponentProps) {
  const [tab, setTab] = useState("fans");
  const fansPage = useCallback((page: number) => api(home.clubRank, { uid, page, limit: 20 }), [uid]);
  const creatorsPage = useCallback((page: number) => api(home.creatorRank, { page, limit: 20 }), []);
  return (
    <Page title="榜单">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="fans" title="粉丝贡献榜" />
        <Tabs.Tab key="creators" title="创作者榜" />
      </Tabs>
      {tab === "fans" ? (
        <PagedList
          key="fans"
          initial={fans}
          fetchPage={fansPage}
          itemKey={(m) => m.uid}
          renderItem={(m) => <RankRow rank={m.rank} uid={m.uid} nickname={m.nickname} avatar={m.avatar_url} score={m.score} unit="贡献" />}
          emptyText="还没有成员"
        />
      ) : (
        <PagedList
          key="creators"
          initial={creatorsRank}
          fetchPage={creatorsPage}
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
