import { Button } from "antd-mobile";
import { Dialog } from "#app/lib/overlays.ts";
import { useCallback } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { accounts, creators } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { uidParam } from "#app/lib/creator-uid.ts";
import { api, together } from "#app/lib/gateway.ts";
import { formatCount } from "#app/lib/format.ts";
import { isLoggedIn } from "#app/lib/session.ts";
import { userStore } from "#app/stores/user.ts";
import { useStore } from "#app/stores/use-store.ts";
import type { Route } from "./+types/user";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const uid = uidParam(request, "用户不存在");
  const [person, first] = await Promise.all(together(() => [api(creators.creatorPage, { uid }), api(creators.creatorVideos, { uid, page: 1, limit: 20 })]));
  return { person, first };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  try {
    return { follow: await api(accounts.follow, { uid: uidParam(request, "用户不存在") }) };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

export default function User({ loaderData: { person, first } }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const navigate = useNavigate();
  const isMe = useStore(userStore, (s) => s.u?.uid) === person.uid;
  const following = fetcher.data?.follow?.is_attention ?? person.is_attention;
  const fans = fetcher.data?.follow?.fans_count ?? person.fans_count;
  const fetchPage = useCallback((page: number) => api(creators.creatorVideos, { uid: person.uid, page, limit: 20 }), [person.uid]);
  const toggle = () => {
    if (!isLoggedIn()) {
      void Dialog.confirm({ content: "登录后才能关注，是否去登录？", confirmText: "去登录", onConfirm: () => navigate(`/login?redirect=${encodeURIComponent(`/user?uid=${person.uid}`)}`) });
      return;
    }
    void fetcher.submit({}, { method: "post" });
  };
  return (
    <Page title={person.nickname}>
      <header className="user-head">
        <EncImage className="user-avatar" src={person.avatar_url} ratio="1X1" onClick={() => void previewImages([person.avatar_url])} />
        <div className="user-main">
          <h1 className="user-name">{person.nickname}</h1>
          <p className="creator-meta person-intro">{person.intro || "这个人很懒，什么都没写"}</p>
          <p className="creator-meta">
            <Link to={`/user/fans?uid=${person.uid}`}>
              <span data-testid="fans">{formatCount(fans)}</span> 粉丝
            </Link>{" "}
            · <Link to={`/user/focus?uid=${person.uid}`}>{formatCount(person.followed_count)} 关注</Link> · {formatCount(person.likes_count)} 获赞
          </p>
        </div>
        {isMe ? (
          <Link className="button-link" to="/my/edit">
            编辑资料
          </Link>
        ) : (
          <Button size="small" color={following ? "default" : "primary"} loading={fetcher.state !== "idle"} onClick={toggle}>
            {following ? "已关注" : "+ 关注"}
          </Button>
        )}
      </header>
      <h2 className="block-title">
        {isMe ? "我" : "TA "}的视频（{person.video_count}）
      </h2>
      <VideoFeed feedKey={`user:${person.uid}`} api={creators.creatorVideos.path} params={{ uid: person.uid }} fetchPage={fetchPage} initial={first} emptyText={isMe ? "你还没有发布视频" : "TA 还没有发布视频"} />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.person.nickname ?? "用户"} — 影音` }];
}
