import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { Selector } from "#app/components/selector.tsx";
import { formatDuration } from "#app/lib/format.ts";
import { PLAYBACK_RATES, playerStore } from "#app/stores/player.ts";
import { useStore } from "#app/stores/use-store.ts";
import { toggleFullscreen, useFullscreen } from "./fullscreen.ts";
import { playPause as togglePlay, seek, setMuted, setRate as applyRate, setVolume } from "./commands.ts";
import { ExitFullscreenIcon, FullscreenIcon, MoreIcon, MutedIcon, PauseIcon, SoundIcon } from "./control-icons.tsx";
import { PlayIcon } from "./icons.tsx";
import { useGestures } from "./use-gestures.ts";
import { useMediaSession } from "./use-media-session.ts";
import { useMediaState } from "./use-media-state.ts";
import type { StreamState } from "./stream.ts";
import "./player-controls.css";

const HIDE_AFTER_MS = 3000;
/** A drag across the whole width seeks this far at most (or the whole video, if shorter). */
const SEEK_SPAN_S = 90;
const LONG_PRESS_RATE = 2;

type Hint = { kind: "rate" } | { kind: "seek"; to: number } | { kind: "volume"; value: number } | { kind: "brightness"; value: number };
type Panel = "rate" | "quality" | "more";

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const rateLabel = (r: number) => (r === 1 ? "倍速" : `${r}x`);

interface Props {
  video: HTMLVideoElement;
  box: HTMLDivElement;
  title?: string;
  poster?: string;
  stream: StreamState;
  onQuality: (height: number) => void;
}

/** The player's controls and gestures over the picture (issue 36, decision 080). */
export default function PlayerControls({ video, box, title, poster, stream, onQuality }: Props) {
  const media = useMediaState(video);
  const settings = useStore(playerStore, (s) => s);
  const fullscreen = useFullscreen(box);
  const [surface, setSurface] = useState<HTMLDivElement | null>(null);
  const [shown, setShown] = useState(true);
  const [hint, setHint] = useState<Hint | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [brightness, setBrightness] = useState(1);
  // Where a drag began and the speed before a long press: read by the gestures only, never to draw.
  const drag = useRef<{ from: number; volume: number; brightness: number } | null>(null);
  const heldRate = useRef<number | null>(null);
  const pip = typeof document !== "undefined" && document.pictureInPictureEnabled && !video.disablePictureInPicture;

  useMediaSession(video, title, poster);

  // Controls hide after 3 s of play, not while a panel is open or a gesture shows its hint.
  useEffect(() => {
    if (!shown || media.paused || panel || hint) return;
    const t = setTimeout(() => setShown(false), HIDE_AFTER_MS);
    return () => clearTimeout(t);
  }, [shown, media.paused, panel, hint]);

  const span = Math.min(SEEK_SPAN_S, media.duration || SEEK_SPAN_S);
  const playPause = () => togglePlay(video);
  const seekTo = (t: number) => seek(video, t);

  useGestures(surface, fullscreen, {
    tap: () => {
      setPanel(null);
      setShown((s) => !s);
    },
    doubleTap: playPause,
    longPress: (held) => {
      if (held) {
        if (video.paused) return;
        heldRate.current = video.playbackRate;
        applyRate(video, LONG_PRESS_RATE, false);
        setHint({ kind: "rate" });
      } else if (heldRate.current !== null) {
        applyRate(video, heldRate.current, false);
        heldRate.current = null;
        setHint(null);
      }
    },
    seekDrag: (share, done) => {
      const start = (drag.current ??= { from: video.currentTime, volume: video.volume, brightness });
      const to = clamp(start.from + share * span, 0, media.duration || 0);
      if (!done) return setHint({ kind: "seek", to });
      drag.current = null;
      setHint(null);
      if (share) seekTo(to);
    },
    verticalDrag: (side, share, done) => {
      const start = (drag.current ??= { from: video.currentTime, volume: video.volume, brightness });
      if (side === "right") {
        const value = clamp(start.volume + share, 0, 1);
        setVolume(video, value);
        setHint(done ? null : { kind: "volume", value });
      } else {
        const value = clamp(start.brightness + share, 0.2, 1);
        setBrightness(value);
        setHint(done ? null : { kind: "brightness", value });
      }
      if (done) drag.current = null;
    },
  });

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape" && panel) {
      e.preventDefault();
      setPanel(null);
      return;
    }
    if (e.target instanceof HTMLInputElement) return;
    const act: Record<string, () => void> = {
      " ": playPause,
      k: playPause,
      ArrowLeft: () => seekTo(video.currentTime - 5),
      ArrowRight: () => seekTo(video.currentTime + 5),
      m: () => setMuted(video, !video.muted),
      f: () => void toggleFullscreen(box, video),
    };
    const run = act[e.key];
    if (!run || e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    run();
    setShown(true);
  };

  const setRate = (rate: number) => {
    applyRate(video, rate, true);
    playerStore.set((s) => {
      s.rate = rate;
    });
  };
  const setQuality = (height: number) => {
    playerStore.set((s) => {
      s.quality = height;
    });
    onQuality(height);
  };
  const qualityLabel = settings.quality ? `${settings.quality}P` : stream.height ? `自动 ${stream.height}P` : "自动";

  const open = shown || media.paused || panel !== null;
  return (
    <div className={`player-controls${open ? "" : " is-hidden"}${fullscreen ? " is-fullscreen" : ""}`} onKeyDown={onKey} onFocus={() => setShown(true)}>
      {brightness < 1 && <div className="player-dim" style={{ opacity: 1 - brightness }} />}
      <div ref={setSurface} className="player-surface" data-testid="player-surface" />
      {hint && (
        <div className="player-hint" role="status">
          {hint.kind === "rate" && `${LONG_PRESS_RATE}× 快进中`}
          {hint.kind === "seek" && `${formatDuration(hint.to)} / ${formatDuration(media.duration)}`}
          {hint.kind === "volume" && `音量 ${Math.round(hint.value * 100)}%`}
          {hint.kind === "brightness" && `亮度 ${Math.round(hint.value * 100)}%`}
        </div>
      )}
      {media.paused && !hint && (
        <button type="button" className="video-player-big-play" aria-label="播放" onClick={playPause}>
          <PlayIcon />
        </button>
      )}
      <button type="button" className="player-button player-more-button" aria-label="更多设置" aria-haspopup="dialog" aria-expanded={panel === "more"} onClick={() => setPanel(panel === "more" ? null : "more")}>
        <MoreIcon />
      </button>
      <div className="player-bar">
        <input
          className="player-seek"
          type="range"
          min={0}
          max={media.duration || 0}
          step={0.1}
          value={Math.min(media.time, media.duration || 0)}
          aria-label="播放进度"
          aria-valuetext={`${formatDuration(media.time)} / ${formatDuration(media.duration)}`}
          style={{ "--played": `${media.duration ? (media.time / media.duration) * 100 : 0}%`, "--buffered": `${media.duration ? (media.buffered / media.duration) * 100 : 0}%` } as CSSProperties}
          onChange={(e) => seekTo(Number(e.target.value))}
        />
        <div className="player-buttons">
          <button type="button" className="player-button" aria-label={media.paused ? "播放" : "暂停"} onClick={playPause}>
            {media.paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <span className="player-time">
            {formatDuration(media.time)} / {formatDuration(media.duration)}
          </span>
          <button type="button" className="player-button" aria-label={media.muted ? "取消静音" : "静音"} aria-pressed={media.muted} onClick={() => setMuted(video, !video.muted)}>
            {media.muted ? <MutedIcon /> : <SoundIcon />}
          </button>
          <button type="button" className="player-text-button" aria-haspopup="dialog" aria-expanded={panel === "rate"} onClick={() => setPanel(panel === "rate" ? null : "rate")}>
            {rateLabel(media.rate)}
          </button>
          {stream.levels.length > 0 && (
            <button type="button" className="player-text-button" aria-label={`画质：${qualityLabel}`} aria-haspopup="dialog" aria-expanded={panel === "quality"} onClick={() => setPanel(panel === "quality" ? null : "quality")}>
              {settings.quality ? `${settings.quality}P` : "自动"}
            </button>
          )}
          <button type="button" className="player-button" aria-label={fullscreen ? "退出全屏" : "全屏"} onClick={() => void toggleFullscreen(box, video)}>
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </button>
        </div>
      </div>
      {panel && (
        <div className="player-panel" role="dialog" aria-label={{ rate: "倍速", quality: "画质", more: "更多设置" }[panel]} ref={focusChosen}>
          {panel === "rate" && (
            <Selector
              aria-label="倍速"
              options={PLAYBACK_RATES.map((r) => ({ label: `${r}x`, value: r }))}
              value={[settings.rate]}
              onChange={(v) => {
                if (v[0] !== undefined) setRate(v[0]);
                setPanel(null);
              }}
            />
          )}
          {panel === "quality" && (
            <Selector
              aria-label="画质"
              options={[{ label: stream.height && !settings.quality ? `自动（${stream.height}P）` : "自动", value: 0 }, ...stream.levels.map((l) => ({ label: `${l.height}P`, value: l.height }))]}
              value={[settings.quality]}
              onChange={(v) => {
                if (v[0] !== undefined) setQuality(v[0]);
                setPanel(null);
              }}
            />
          )}
          {panel === "more" && (
            <div className="player-more">
              <SettingSwitch name="autoplayNext" label="自动连播" />
              <SettingSwitch name="autoplayMuted" label="自动静音播放" />
              {pip && (
                <button type="button" className="player-text-button" onClick={() => void video.requestPictureInPicture().catch(() => undefined)}>
                  画中画
                </button>
              )}
            </div>
          )}
          <button type="button" className="player-panel-close" onClick={() => setPanel(null)}>
            关闭
          </button>
        </div>
      )}
    </div>
  );
}

/** A panel opened takes the focus, on its chosen option (Escape closes it). */
function focusChosen(panel: HTMLDivElement | null) {
  panel?.querySelector<HTMLElement>("[aria-checked=true], button, input")?.focus();
}

/** A yes-or-no setting of the player, kept on the device. */
function SettingSwitch({ name, label }: { name: "autoplayNext" | "autoplayMuted"; label: string }) {
  const on = useStore(playerStore, (s) => s[name]);
  return (
    <label className="player-switch">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) =>
          playerStore.set((s) => {
            s[name] = e.target.checked;
          })
        }
      />
      {label}
    </label>
  );
}
