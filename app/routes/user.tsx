import { useState } from "react";
import { Link } from "react-router";
import { creators } from "#gateway/api/index.ts";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { FollowButton } from "#app/features/follow/follow-button.tsx";
import { Dotted } from "#app/components/dotted.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { uidParam } from "#app/lib/creator-uid.ts";
import { api, together } from "#app/lib/gateway.ts";
import { formatCount } from "#app/lib/format.ts";
import { userStore } from "#app/stores/user.ts";
import { useStore } from "#app/stores/use-store.ts";
import type { Route } from "./+types/user";
import "#app/styles/profile.css";

const personVideos = (uid: number) => pagedSource(creators.creatorVideos, { uid }, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const uid = uidParam(request, "用户不存在");
  const [person, first] = await Promise.all(together(() => [api(creators.creatorPage, { uid }), firstPage(personVideos(uid))]));
  return { person, first };
}

export default function User({ loaderData: { person, first } }: Route.ComponentProps) {
  const isMe = useStore(userStore, (s) => s.u?.uid) === person.uid;
  const [fans, setFans] = useState(person.fans_count);
  // The loader ran again: its count wins over the one the follow button left.
  const [fansOf, setFansOf] = useState(person);
  if (person !== fansOf) {
    setFansOf(person);
    setFans(person.fans_count);
  }
  return (
    <Page title={person.nickname} right={isMe ? undefined : <ReportButton kind="member" id={person.uid} />}>
      <header className="user-head">
        <EncImage className="user-avatar" src={person.avatar_url} ratio="1X1" onClick={() => void previewImages([person.avatar_url])} />
        <div className="user-main">
          <h1 className="user-name">{person.nickname}</h1>
          <p className="creator-meta person-intro">{person.intro || "这个人很懒，什么都没写"}</p>
          <p className="creator-meta">
            <Dotted
              parts={[
                <Link key="fans" to={`/user/fans?uid=${person.uid}`}>
                  <span data-testid="fans">{formatCount(fans)}</span> 粉丝
                </Link>,
                <Link key="focus" to={`/user/focus?uid=${person.uid}`}>{formatCount(person.followed_count)} 关注</Link>,
                `${formatCount(person.likes_count)} 获赞`,
              ]}
            />
          </p>
        </div>
        {isMe ? (
          <Link className="button-link" to="/my/edit">
            编辑资料
          </Link>
        ) : (
          <FollowButton uid={person.uid} following={person.is_attention} onFans={setFans} />
        )}
      </header>
      <h2 className="block-title">
        {isMe ? "我" : "TA "}的视频（{person.video_count}）
      </h2>
      <VideoFeed source={personVideos(person.uid)} initial={first} emptyText={isMe ? "你还没有发布视频" : "TA 还没有发布视频"} />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.person.nickname ?? "用户"} — 影音` }];
}
