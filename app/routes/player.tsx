import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { data, Link, useLocation, useNavigate } from "react-router";
import { video as videoApi, type Video, type VideoDetail } from "#gateway/api/index.ts";
import { ScreenError } from "#app/components/screen-error.tsx";
import { Page } from "#app/components/page.tsx";
import { FollowButton } from "#app/features/follow/follow-button.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { FavoriteButton } from "#app/features/favorite/favorite-button.tsx";
import { GiftButton } from "#app/features/gift/gift-button.tsx";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { PlayerNav } from "#app/features/paging/player-nav.tsx";
import { VideoPlayer } from "#app/components/video/video-player.tsx";
import { DanmakuBar } from "#app/features/danmaku/lazy-danmaku.tsx";
import { sessionPosition } from "#app/features/watch-progress/watch-progress.ts";
import { playerStore } from "#app/stores/player.ts";
import { useStore } from "#app/stores/use-store.ts";
import { VIP_FREE } from "#app/components/video/video-card.tsx";
import { playerCalls } from "#app/features/early/screens/player.ts";
import { api } from "#app/lib/gateway.ts";
import { importOnce } from "#app/lib/import-once.ts";
import { positiveParam } from "#app/lib/positive-param.ts";
import { formatCount, formatTime } from "#app/lib/format.ts";
import type { Route } from "./+types/player";
import "#app/styles/player.css";

// At a video's end: its code loads then, not with the screen (decision 107); the offer to go on from another day's
// place when there is one (decision 108). Both sit over the picture.
const NextCountdown = lazy(() => import("#app/components/video/next-countdown.tsx").then((m) => ({ default: m.NextCountdown })));
const ResumePrompt = lazy(() => import("#app/components/video/resume-prompt.tsx").then((m) => ({ default: m.ResumePrompt })));
// A locked video's 想看 comes with its unlock panel: the loader waits for both, so they draw with the screen (decision 111).
const loadWantButton = importOnce(() => import("#app/features/want/want-button.tsx"));
const WantButton = lazy(() => loadWantButton().then((m) => ({ default: m.WantButton })));
// The comments, the series and 相关推荐 come after the poster (decision 108), with their code (decision 112).
const BelowTheVideo = lazy(() => import("#app/features/player/below-the-video.tsx").then((m) => ({ default: m.BelowTheVideo })));

function videoId(request: Request): number {
  const id = positiveParam(new URL(request.url).searchParams, "id");
  if (!id) throw data("视频不存在或链接有误", { status: 404 });
  return id;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = videoId(request);
  const [video, comments, related, saved] = await playerCalls.take(id);
  // The other videos of its series (element), when it belongs to one.
  const series = video.series_id ? await api(videoApi.byElement, { element_id: video.series_id, page: 1, limit: 6 }).catch(() => null) : null;
  // Watched earlier in this session: it goes on by itself; from another day or device: offered.
  const again = sessionPosition(id);
  const resume = again ? { at: again, auto: true } : saved ? { at: saved, auto: false } : null;
  const locked = !video.can_watch;
  const want = locked ? loadWantButton().catch(() => undefined) : undefined;
  const loaded = await withUnlockPanel({ video, comments, related: related.list, series, resume }, locked);
  await want;
  return loaded;
}

export default function Player({ loaderData }: Route.ComponentProps) {
  const { video, comments, related, series, resume } = loaderData;

  // A view counts when the video starts playing; the count shown follows the gateway's answer.
  const [views, setViews] = useState<{ id: number; count: number } | null>(null);
  const viewCount = views?.id === video.id ? views.count : video.view_count;
  const logView = () => {
    const id = video.id;
    void api(videoApi.log, { id }).then(
      (r) => setViews({ id, count: r.view_count }),
      () => undefined,
    );
  };

  // What is below the video's information waits for the poster's paint (or the unlock panel): started before it, its
  // code and covers shared the line with the screen's largest picture (decision 108).
  const [shownId, setShownId] = useState<number | null>(null);
  const onShown = useCallback(() => setShownId(video.id), [video.id]);

  return (
    <Page title={video.title}>
      <PlayerStage key={video.id} video={video} resume={resume} related={related} onStart={logView} onShown={onShown} />
      <section className="player-info">
        <h1 className="player-title">{video.title}</h1>
        <p className="player-meta">
          {formatCount(viewCount)} 次播放 · {formatTime(video.created_at)}
          {video.vip_free && video.can_watch && !video.is_pay ? <span className="player-price">{VIP_FREE}</span> : null}
        </p>
        <div className="player-actions">
          <LikeButton kind="video" id={video.id} initial={video} />
          <FavoriteButton kind="video" id={video.id} favorite={video.is_favorite} />
          <GiftButton kind="video" id={video.id} creator={video.creator.nickname} coins={video.viewer.coins} />
          <ReportButton kind="video" id={video.id} />
          {!video.can_watch && (
            <Suspense fallback={null}>
              <WantButton kind="video" id={video.id} />
            </Suspense>
          )}
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
        <PlayerNav id={video.id} />
      </section>
      {/* What is below the video's information comes with its code, after the picture: appended, it moves nothing on
          screen (decision 108). */}
      {shownId === video.id ? (
        <Suspense fallback={null}>
          <BelowTheVideo key={video.id} video={video} comments={comments} series={series} related={related} />
        </Suspense>
      ) : null}
    </Page>
  );
}

type Resume = { at: number; auto: boolean } | null;

/**
 * The picture: the video when the member may watch it, else its free preview (试看中) with the unlock panel under it,
 * and in its place once the preview ends; after unlocking, the video goes on from where the preview was. At the end,
 * the next video.
 */
function PlayerStage({ video, resume, related, onStart, onShown }: { video: VideoDetail; resume: Resume; related: Video[]; onStart: () => void; onShown: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const autoplayNext = useStore(playerStore, (s) => s.autoplayNext);
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  // Where the preview stopped (it ended, or the member unlocked while it played), once it has.
  const [previewStop, setPreviewStop] = useState<number | null>(null);
  // At the end: what plays next, once known (null: nothing does).
  const [ended, setEnded] = useState<{ next: Video | null } | null>(null);
  const watching = Boolean(video.can_watch);
  const preview = !watching && Boolean(video.preview_url);
  const next = ended?.next;
  // Where the bullets fly: a box-less element over the picture, which the bullet bar draws its layer into.
  const [bulletSlot, setBulletSlot] = useState<HTMLDivElement | null>(null);

  // The place is kept from when the media may start (after the poster), and so is the code that keeps it.
  useEffect(() => {
    if (!media || !watching) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import("#app/features/watch-progress/keep-watching.ts").then(
      (m) => !left && (stop = m.keepWatching(video.id, media)),
      () => undefined,
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [media, watching, video.id]);

  const goNext = useCallback(() => {
    if (next) void navigate(`/player?id=${next.id}`, { replace: true, state: { autoplay: true } });
  }, [navigate, next]);
  const end = () => {
    setEnded({ next: null });
    // Which video comes next, and its code, at the end only (decision 111).
    void import("#app/features/next-video/next-video.ts")
      .then((m) => m.nextVideo(video, related))
      .then(
        (v) => setEnded((e) => (e ? { next: v ?? null } : e)),
        () => undefined,
      );
  };

  // Unlocked during the preview: the video goes on from the preview's place.
  const [wasWatching, setWasWatching] = useState(watching);
  if (watching !== wasWatching) {
    setWasWatching(watching);
    if (watching && previewStop === null && media) setPreviewStop(media.currentTime);
  }

  const unit = { kind: "video" as const, id: video.id, title: video.title, cover: video.cover, price: video.coins, vip_free: video.vip_free };
  const panelOnly = !watching && (!preview || previewStop !== null);
  // The player hands over its media once the poster has painted (video-player.tsx); the unlock panel is there at once.
  useEffect(() => {
    if (media || panelOnly) onShown();
  }, [media, panelOnly, onShown]);
  if (panelOnly) {
    return (
      <div className="player-stage">
        <UnlockPanel unit={unit} viewer={video.viewer} />
      </div>
    );
  }
  const arrived = (location.state as { autoplay?: boolean } | null)?.autoplay === true;
  return (
    <>
      <div className="player-stage">
        <VideoPlayer
          src={watching ? video.play_url : video.preview_url}
          poster={video.cover}
          title={video.title}
          onStart={watching ? onStart : undefined}
          startAt={watching ? (previewStop ?? (resume?.auto ? resume.at : 0)) : 0}
          autoPlay={previewStop !== null || arrived}
          badge={preview ? "试看中" : undefined}
          onMedia={setMedia}
          layers={<div className="danmaku-slot" ref={setBulletSlot} />}
          onEnded={() => (preview ? setPreviewStop(media?.currentTime ?? 0) : end())}
          overlay={
            next ? (
              <Suspense fallback={null}>
                <NextCountdown
                  next={next}
                  autoplay={autoplayNext}
                  onGo={goNext}
                  onReplay={() => {
                    setEnded(null);
                    void media?.play();
                  }}
                />
              </Suspense>
            ) : watching && resume && !resume.auto && media ? (
              <Suspense fallback={null}>
                <ResumePrompt at={resume.at} onResume={() => resumeAt(media, resume.at)} />
              </Suspense>
            ) : null
          }
        />
      </div>
      <DanmakuBar id={video.id} video={media} slot={bulletSlot} />
      {preview && <UnlockPanel unit={{ ...unit, cover: undefined }} viewer={video.viewer} />}
    </>
  );
}

function resumeAt(el: HTMLVideoElement, at: number) {
  el.currentTime = at;
  void el.play().catch(() => undefined);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.video.title ?? "播放"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="播放" failed="视频加载失败" />;
}
