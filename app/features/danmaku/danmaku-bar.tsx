import { lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { Link, useLocation } from "react-router";
import type { Danmu } from "#gateway/api/content-types.ts";
import { danmuSend } from "#gateway/api/video.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { DanmakuSendBox } from "#app/components/video/danmaku/send-box.tsx";
import { useDanmakuSettings } from "#app/components/video/danmaku/use-settings.ts";
import { api } from "#app/lib/gateway.ts";
import { formatDuration } from "#app/lib/format.ts";
import { useSubmission } from "#app/lib/submission.ts";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { danmakuStore } from "#app/stores/danmaku.ts";
import { useStore } from "#app/stores/use-store.ts";
import { isLoggedIn, userStore } from "#app/stores/user.ts";
import { useDanmakuItems } from "./use-danmaku-items.ts";
import "./nearby-bullets.css";

// The settings load with the sheet, at the tap: no first frame shows them (decision 107).
const DanmakuSettingsPanel = lazy(() => import("#app/components/video/danmaku/settings-panel.tsx").then((m) => ({ default: m.DanmakuSettingsPanel })));

// The engine and its canvas load after the first paint (decision 083).
const Danmaku = lazy(() => import("#app/components/video/danmaku/danmaku.tsx"));

/**
 * Bullet comments over the picture: drawn on one canvas, as the member's settings say. The engine's code loads once
 * the video has first played or moved (a seek, a resume point): before that, at its start, no bullet is on screen.
 */
function DanmakuLayer({ video, items }: { video: HTMLVideoElement | null; items: readonly Danmu[] }) {
  const settings = useDanmakuSettings();
  const moved = useMoved(video);
  if (!moved) return null;
  return (
    <Suspense fallback={null}>
      <Danmaku video={video} items={items} settings={settings} />
    </Suspense>
  );
}

/** Whether `video` has played or been moved away from its start since it came. */
function useMoved(video: HTMLVideoElement | null): boolean {
  const [moved, setMoved] = useState<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (!video) return;
    const go = () => setMoved(video);
    video.addEventListener("play", go, { once: true });
    video.addEventListener("seeked", go, { once: true });
    return () => {
      video.removeEventListener("play", go);
      video.removeEventListener("seeked", go);
    };
  }, [video]);
  return video !== null && (moved === video || !video.paused || video.currentTime > 0);
}

/**
 * /player's bullet comments (lazy-danmaku.tsx loads this module): the bar under the picture, with 弹 (bullets shown or
 * not), the box that sends one at the current second (a visitor is asked to log in first) and the bullet settings;
 * and the layer over the picture, drawn into `slot`. Both show the bullets of video `id` around where `video` plays.
 */
export function DanmakuBar({ id, video, slot }: { id: number; video: HTMLVideoElement | null; slot: HTMLElement | null }) {
  const bullets = useDanmakuItems(id, video);
  const show = useStore(danmakuStore, (s) => s.show);
  const member = useStore(userStore, () => isLoggedIn());
  const location = useLocation();
  // Open: the second the video was at, for the bullets around it.
  const [settingsAt, setSettingsAt] = useState<number | null>(null);
  const submission = useSubmission();

  const send = async (content: string) => {
    const time = Math.round((video?.currentTime ?? 0) * 10) / 10;
    const bullet = await api(danmuSend, { id, time, content, request_id: submission.idFor({ id, content }) });
    submission.done();
    bullets.add(bullet);
  };

  return (
    <div className="danmaku-bar">
      <button
        type="button"
        className="danmaku-toggle"
        aria-pressed={show}
        aria-label={show ? "关闭弹幕" : "开启弹幕"}
        onClick={() =>
          danmakuStore.set((s) => {
            s.show = !s.show;
          })
        }
      >
        弹
      </button>
      {member ? (
        <DanmakuSendBox onSend={send} disabled={!video} />
      ) : (
        <Link className="danmaku-login" to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
          登录后发弹幕
        </Link>
      )}
      <button type="button" className="danmaku-settings-button" onClick={() => setSettingsAt(video?.currentTime ?? 0)}>
        弹幕设置
      </button>
      <Sheet visible={settingsAt !== null} onClose={() => setSettingsAt(null)} title="弹幕设置">
        <DanmakuSettingsPanel />
        {settingsAt !== null && <NearbyBullets items={bullets.items} at={settingsAt} />}
      </Sheet>
      {slot && createPortal(<DanmakuLayer video={video} items={bullets.items} />, slot)}
    </div>
  );
}

const NEARBY_S = 15;

/** The others' bullets around second `at`, each with 举报 (hidden from everyone else at the third report). */
function NearbyBullets({ items, at }: { items: readonly Danmu[]; at: number }) {
  const near = items.filter((b) => !b.own && Math.abs(b.time - at) <= NEARBY_S).slice(0, 30);
  return (
    <section className="danmaku-nearby" aria-label="附近的弹幕">
      <h3>附近的弹幕</h3>
      {near.length === 0 ? (
        <p className="danmaku-nearby-empty">这附近还没有弹幕</p>
      ) : (
        <ul>
          {near.map((b) => (
            <li key={b.id}>
              <span className="danmaku-nearby-time">{formatDuration(b.time)}</span>
              <span className="danmaku-nearby-text">{b.content}</span>
              <ReportButton kind="danmu" id={b.id} look="text" label={`举报弹幕：${b.content}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
