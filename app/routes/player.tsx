import { Button, ErrorBlock } from "antd-mobile";
import { Dialog } from "#app/lib/overlays.ts";
import { useEffect, useMemo, useState } from "react";
import { data, isRouteErrorResponse, Link, useFetcher, useLocation, useNavigate, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { accounts, video as videoApi, type Comment, type Paged, type PurchaseResult, type Video } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { ErrorBack } from "#app/components/error-back.tsx";
import { Page } from "#app/components/page.tsx";
import { Comments } from "#app/components/video/comments.tsx";
import { LockedPanel } from "#app/components/video/locked-panel.tsx";
import { FollowButton } from "#app/features/follow/follow-button.tsx";
import { PlayerExtras } from "#app/components/video/player-extras.tsx";
import { VideoGrid } from "#app/components/video/video-grid.tsx";
import { VideoPlayer } from "#app/components/video/video-player.tsx";
import { toast } from "#app/lib/feedback.ts";
import { api, callPath, together } from "#app/lib/gateway.ts";
import { formatCount, formatTime } from "#app/lib/format.ts";
import { patchVideo } from "#app/lib/video-patches.ts";
import { extendStack, stackKeyOf, stackState, stackStore } from "#app/stores/stack.ts";
import { syncUser } from "#app/lib/session.ts";
import { setCoins } from "#app/stores/user.ts";
import { useStore } from "#app/stores/use-store.ts";
import { useToastsMuted } from "#app/lib/use-toasts-muted.ts";
import type { Route } from "./+types/player";

const EMPTY: Paged<Comment> = { list: [], page: 1, limit: 20, total: 0, has_more: false };

function videoId(request: Request): number {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw data("视频不存在或链接有误", { status: 404 });
  return id;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = videoId(request);
  const [video, comments, related] = await Promise.all(
    together(() => [
      api(videoApi.detail, { id }),
      api(videoApi.comments, { id, page: 1, limit: 20 }).catch(() => EMPTY),
      api(videoApi.related, { id, page: 1, limit: 6 }).catch(() => ({ ...EMPTY, list: [] as Video[] })),
    ]),
  );
  // The other videos of its series (element), when it belongs to one.
  const series = video.series_id ? await api(videoApi.byElement, { element_id: video.series_id, page: 1, limit: 6 }).catch(() => null) : null;
  return { video, comments, related: related.list, series };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = videoId(request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  try {
    switch (field("intent")) {
      case "like":
        return { like: await api(videoApi.like, { id }) };
      case "favorite": {
        const group = Number(field("group_id")) || undefined;
        return { favorite: await api(videoApi.favorite, { id, ...(group ? { group_id: group } : {}) }) };
      }
      case "comment": {
        const content = field("content").trim();
        if (!content) return { error: "请输入评论内容" };
        if (content.length > videoApi.MAX_COMMENT) return { error: `评论最多 ${videoApi.MAX_COMMENT} 字` };
        const replyTo = Number(field("reply_to")) || undefined;
        return { comment: await api(videoApi.comment, { id, content, ...(replyTo ? { reply_to: replyTo } : {}) }) };
      }
      case "buy-coins":
      case "buy-ticket":
      case "buy-community": {
        const intent = field("intent");
        const content = field("content").trim();
        const { min, max } = videoApi.SHARE_TEXT_LENGTH;
        if (intent === "buy-community" && (content.length < min || content.length > max)) return { error: `分享语需 ${min}–${max} 个字` };
        let bought: PurchaseResult;
        if (intent === "buy-community") {
          // A plain call (it rejects on failure, after its toast), unlike the purchases below.
          bought = await api(videoApi.communityUnlock, { id, content, request_id: field("request_id") });
        } else {
          const outcome = await api(intent === "buy-coins" ? videoApi.buyWithCoins : videoApi.buyWithTicket, { id, request_id: field("request_id") });
          if (!outcome.ok || !outcome.data) return { error: outcome.msg || "购买失败" };
          bought = outcome.data;
        }
        setCoins(bought.coins);
        patchVideo(id, { is_pay: 1, can_watch: 1 });
        if (bought.charged) toast(intent === "buy-community" ? "已分享到社区，视频已解锁" : "解锁成功", "success");
        return { bought };
      }
      case "report":
        // The gateway's answer is shown (a shown call): 举报已提交, or 举报已更新 for a second report.
        await api(videoApi.report, { id, type_id: Number(field("type_id")), content: field("content") });
        return { reported: true };
      case "reward": {
        try {
          const rewarded = await api(videoApi.rewardHer, { id, gift_id: Number(field("gift_id")) });
          toast("打赏成功，感谢支持");
          setCoins(rewarded.coins);
          return { rewarded };
        } catch (error) {
          // Refused (too few coins, spent elsewhere; the client has shown why): the balance on screen may be out of date.
          const me = await syncUser().catch(() => null);
          return { error: getErrorMessage(error), coins: me?.coins };
        }
      }
      case "want":
        return { want: await api(videoApi.requestFind, { id, content: field("content") }) };
      default:
        return { error: "未知操作" };
    }
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Only a purchase changes what the page shows from its loader (the playable address). */
export function shouldRevalidate({ formData, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.search !== nextUrl.search) return defaultShouldRevalidate;
  if (formData) return String(formData.get("intent") ?? "").startsWith("buy");
  return defaultShouldRevalidate;
}

const STACK_PAGE = 20;

/**
 * Previous and next in the list the player was opened from (named by its history entry's state). At the
 * end of what that list had loaded, the next page is asked of the same call with the same params.
 */
function useNeighbours(id: number, key: string | undefined) {
  const stack = useStore(stackStore, (s) => (key ? s.stacks[key] : undefined));
  const ids = stack?.ids ?? [];
  const i = ids.indexOf(id);
  const prev = i > 0 ? ids[i - 1] : undefined;
  const next = i >= 0 && i < ids.length - 1 ? ids[i + 1] : undefined;
  const canLoadMore = i >= 0 && i === ids.length - 1 && Boolean(stack?.api) && Boolean(stack?.hasMore);
  /** The next id, or why there is none. */
  const loadNext = async (): Promise<number | "end" | "failed"> => {
    if (!stack || !key) return "end";
    const page = await callPath<Paged<Video>>(stack.api, { ...stack.params, page: Math.floor(stack.ids.length / STACK_PAGE) + 1, limit: STACK_PAGE }).catch(() => null);
    if (!page) return "failed";
    const fresh = page.list.map((v) => v.id).filter((v) => !stack.ids.includes(v));
    extendStack(key, fresh, page.has_more && fresh.length > 0);
    return fresh[0] ?? "end";
  };
  return { prev, next, canLoadMore, loadNext };
}

export default function Player({ loaderData }: Route.ComponentProps) {
  const { video: loaded, comments, related, series } = loaderData;
  // A gift spends coins without reloading the page; the balance this page shows follows it.
  const [coins, setCoins] = useState(loaded.viewer.coins);
  useEffect(() => setCoins(loaded.viewer.coins), [loaded]);
  const video = useMemo(() => (coins === loaded.viewer.coins ? loaded : { ...loaded, viewer: { ...loaded.viewer, coins } }), [loaded, coins]);
  const navigate = useNavigate();
  // Keyed fetchers: prev/next reuse this page, and one video's answer must not show on the next.
  const likeFetcher = useFetcher<{ like?: { is_like: number; like_count: number } }>({ key: `like:${loaded.id}` });
  const stackKey = stackKeyOf(useLocation().state);
  const { prev, next, canLoadMore, loadNext } = useNeighbours(video.id, stackKey);
  const [loadingNext, setLoadingNext] = useState(false);
  const go = (to: number) => navigate(`/player?id=${to}`, { replace: true, state: stackKey ? stackState(stackKey) : undefined });
  const isMember = Boolean(video.viewer.is_member);
  // Optimistic; from the loader only when it answers again (another video, a purchase), not when the
  // balance shown changes.
  const [like, setLike] = useState({ is_like: loaded.is_like, like_count: loaded.like_count });
  useEffect(() => setLike({ is_like: loaded.is_like, like_count: loaded.like_count }), [loaded]);
  useEffect(() => {
    if (likeFetcher.data?.like) setLike(likeFetcher.data.like);
  }, [likeFetcher.data]);
  // A view counts when the video starts playing; the count shown follows the gateway's answer.
  const [views, setViews] = useState<{ id: number; count: number } | null>(null);
  const viewCount = views?.id === video.id ? views.count : video.view_count;
  const logView = () => {
    const id = loaded.id;
    void api(videoApi.log, { id }).then(
      (r) => setViews({ id, count: r.view_count }),
      () => undefined,
    );
  };

  const needLogin = () => {
    const here = encodeURIComponent(`/player?id=${video.id}`);
    void Dialog.confirm({ title: "提示", content: "登录后才能继续，是否去登录？", confirmText: "去登录", onConfirm: () => navigate(`/login?redirect=${here}`) });
  };
  const memberOnly = (fn: () => void) => () => (isMember ? fn() : needLogin());

  return (
    <Page title={video.title}>
      <div className="player-stage">{video.can_watch ? <VideoPlayer src={video.play_url} poster={video.cover} onStart={logView} /> : <LockedPanel video={video} />}</div>
      <section className="player-info">
        <h1 className="player-title">{video.title}</h1>
        <p className="player-meta">
          {formatCount(viewCount)} 次播放 · {formatTime(video.created_at, "date")}
        </p>
        <div className="player-actions">
          <Button
            size="small"
            aria-pressed={Boolean(like.is_like)}
            color={like.is_like ? "danger" : "default"}
            onClick={memberOnly(() => {
              setLike((l) => ({ is_like: l.is_like ? 0 : 1, like_count: l.like_count + (l.is_like ? -1 : 1) }));
              void likeFetcher.submit({ intent: "like" }, { method: "post" });
            })}
          >
            ♥ 点赞 {formatCount(like.like_count)}
          </Button>
          <PlayerExtras video={video} onNeedLogin={needLogin} onCoins={setCoins} />
        </div>
        <div className="player-creator">
          <Link to={`/home/creator?uid=${video.creator.uid}`}>{video.creator.nickname}</Link>
          <FollowButton uid={video.creator.uid} following={video.creator.is_attention} size="mini" />
        </div>
        {video.tags.length > 0 && (
          <nav className="player-tags" aria-label="标签">
            {video.tags.map((t) => (
              <Link key={t} to={`/tag?name=${encodeURIComponent(t)}`}>
                #{t}
              </Link>
            ))}
          </nav>
        )}
        {video.description && <p className="player-desc">{video.description}</p>}
        <div className="player-nav">
          <Button size="small" disabled={!prev} onClick={() => void (prev && go(prev))}>
            上一个
          </Button>
          <Button
            size="small"
            disabled={!next && !canLoadMore}
            loading={loadingNext}
            onClick={async () => {
              if (next) return void go(next);
              setLoadingNext(true);
              const to = await loadNext().finally(() => setLoadingNext(false));
              if (typeof to === "number") go(to);
              else toast(to === "end" ? "已经是最后一个了" : "加载失败，请稍后重试");
            }}
          >
            下一个
          </Button>
        </div>
      </section>
      <Comments key={video.id} targetId={video.id} initial={comments} canPost={isMember} onNeedLogin={needLogin} />
      {series && series.list.length > 1 && (
        <section aria-label="所属合集">
          <h2 className="block-title">
            合集 · {video.series_title}
            <Link className="more-link" to={`/series?id=${video.series_id}`}>
              全部 {series.total} 个 ›
            </Link>
          </h2>
          <VideoGrid videos={series.list.filter((v) => v.id !== video.id).slice(0, 4)} />
        </section>
      )}
      {related.length > 0 && (
        <section aria-label="相关推荐">
          <h2 className="block-title">相关推荐</h2>
          <VideoGrid videos={related} />
        </section>
      )}
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.video.title ?? "播放"} — 影音` }];
}

export function ErrorBoundary() {
  const error = useRouteError();
  useToastsMuted();
  const description = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : getErrorMessage(error);
  // The same ways out as the app's other error pages.
  return (
    <Page title="播放">
      <ErrorBlock status="default" title="视频加载失败" description={description}>
        <p className="error-actions">
          <ErrorBack />
          <Link className="error-home" to="/home">
            返回首页
          </Link>
        </p>
      </ErrorBlock>
    </Page>
  );
}
