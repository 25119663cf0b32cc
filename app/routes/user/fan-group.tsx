import { Button } from "#app/components/kit/button.tsx";
import { List } from "#app/components/kit/list.tsx";
import { Link, useFetcher, useNavigate } from "react-router";
import { home, type ClubInfo } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { Dotted } from "#app/components/dotted.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { RankRow } from "#app/components/rank-row.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { confirmSpend } from "#app/features/spend/confirm-spend.ts";
import { creatorUid } from "#app/lib/creator-uid.ts";
import { api, quietApi, together } from "#app/lib/gateway.ts";
import { syncUser } from "#app/lib/session.ts";
import { isLoggedIn, userStore } from "#app/stores/user.ts";
import type { Route } from "./+types/fan-group";
import "#app/styles/fan-group.css";

const newestMembers = (uid: number) => pagedSource(home.clubNewest, { uid }, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const uid = creatorUid(request);
  const [club, privileges, newest] = await Promise.all(
    together(() => [
      api(home.clubInfo, { uid }),
      api(home.clubPrivileges, { uid }).catch(() => []),
      firstPage(newestMembers(uid)),
    ]),
  );
  return { club, privileges, newest };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  // The gateway's msg on success (加入成功) is shown by the client; a failure is shown here, by the button.
  let club: ClubInfo;
  try {
    club = await quietApi(home.joinClub, { uid: creatorUid(request) });
  } catch (error) {
    return { error: getErrorMessage(error) || "加入失败" };
  }
  // The fee may have changed the balance the profile shows.
  await syncUser().catch(() => undefined);
  return { club };
}

export default function FanGroup({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const navigate = useNavigate();
  const club = fetcher.data && "club" in fetcher.data && fetcher.data.club ? fetcher.data.club : loaderData.club;
  const busy = fetcher.state !== "idle";
  const join = () => {
    if (!isLoggedIn()) return navigate(`/login?redirect=${encodeURIComponent(`/user/fan-group?uid=${club.uid}`)}`);
    if (busy) return;
    if (!club.fee_coins) return void fetcher.submit({}, { method: "post" });
    const balance = userStore.get().u?.coins ?? 0;
    void confirmSpend({ what: `加入「${club.name}」`, price: club.fee_coins, balance, confirmText: "加入" }).then((ok) => void (ok && fetcher.submit({}, { method: "post" })));
  };
  return (
    <Page title="粉丝团">
      <section className="club-card">
        <EncImage src={club.cover} ratio="750X328" alt={club.name} eager />
        <div className="club-card-body">
          <h1>{club.name}</h1>
          <p className="creator-meta">{club.intro}</p>
          <p className="creator-meta">
            <Dotted
              parts={[
                <>
                  <span data-testid="members">{club.member_count}</span> 位成员
                </>,
                club.fee_coins ? `入团 ${club.fee_coins} 金币` : "免费加入",
                club.joined ? `我的贡献 ${club.my_score}` : "",
              ]}
            />
          </p>
          <Button color="primary" size="small" disabled={Boolean(club.joined)} loading={busy} onClick={join}>
            {club.joined ? "已加入" : "加入粉丝团"}
          </Button>
          {fetcher.data && "error" in fetcher.data && <p className="form-error">{fetcher.data.error}</p>}
          <p className="creator-meta">
            <Dotted
              parts={[
                <Link key="rank" to={`/user/fan-rank?uid=${club.uid}`}>贡献榜</Link>,
                <Link key="rule" to={`/user/fan-rule?uid=${club.uid}`}>团规</Link>,
                <Link key="club" to={`/home/creator?uid=${club.uid}&tab=club`}>专属视频</Link>,
              ]}
            />
          </p>
        </div>
      </section>
      <List header="成员特权">
        {loaderData.privileges.map((p) => (
          <List.Item key={p.title} description={p.description}>
            {p.title}
          </List.Item>
        ))}
      </List>
      <h2 className="block-title">新加入</h2>
      {/* Keyed by the loader's count, not the join answer's: the list starts again once the revalidated first
          page (with the new member on top) is in, not before. */}
      <PagedList
        key={loaderData.club.member_count}
        initial={loaderData.newest}
        source={newestMembers(club.uid)}
        itemKey={(m) => m.uid}
        renderItem={(m) => <RankRow uid={m.uid} nickname={m.nickname} avatar={m.avatar_url} score={m.score} unit="贡献" />}
        emptyText="还没有成员"
      />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.club.name ?? "粉丝团"} — 影音` }];
}
