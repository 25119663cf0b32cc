import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { loadImage } from "#app/lib/images.ts";
import { joinMediaFocus } from "#app/lib/media-focus.ts";
import { playerStore } from "#app/stores/player.ts";
import { PlayIcon } from "./player/icons.tsx";
import { attachStream, type Stream, type StreamState } from "./player/stream.ts";

// The controls and their gestures load after the first paint, in /player's own chunk (issue 36).
const PlayerControls = lazy(() => import("./player/player-controls.tsx"));

export interface VideoPlayerProps {
  src: string;
  poster?: string;
  /** For the lock screen and the system's media controls. */
  title?: string;
  /** Runs once per source, when it first plays (a view). */
  onStart?: () => void;
  /** Seconds to start from when the source is new: a saved position, or where a preview stopped. */
  startAt?: number;
  /** Plays at once (a member's tap led here: an unlock, the next video), else as the autoplay-muted setting says. */
  autoPlay?: boolean;
  /** A mark over the picture, e.g. 试看中. */
  badge?: string;
  /** Drawn over the picture, under the controls: bullet comments. */
  layers?: ReactNode;
  /** Drawn over everything: the unlock panel at a preview's end, the next video's countdown. */
  overlay?: ReactNode;
  /** The `<video>` once mounted, for what follows playback (resume positions, bullets). */
  onMedia?: (el: HTMLVideoElement | null) => void;
  onEnded?: () => void;
}

/** The app's one video player: our controls over `<video>`, HLS through hls.js where the browser has no HLS of its own. */
export function VideoPlayer({ src, poster, title, onStart, startAt = 0, autoPlay = false, badge, layers, overlay, onMedia, onEnded }: VideoPlayerProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const started = useRef("");
  const stream = useRef<Stream | undefined>(undefined);
  const [levels, setLevels] = useState<StreamState>({ levels: [], height: 0 });
  const [posterUrl, setPosterUrl] = useState<string>();
  const [error, setError] = useState("");
  // Where playback was when the screen was hidden (kept alive behind another), to go on from there.
  const resume = useRef<{ src: string; at: number; playing: boolean; muted: boolean } | undefined>(undefined);

  useEffect(() => {
    let live = true;
    if (poster) void loadImage(poster).then((u) => live && setPosterUrl(u), () => undefined);
    return () => void (live = false);
  }, [poster]);

  useEffect(() => (video ? joinMediaFocus(video) : undefined), [video]);

  const reportMedia = useEffectEvent((el: HTMLVideoElement | null) => onMedia?.(el));
  useEffect(() => {
    reportMedia(video);
    return () => reportMedia(null);
  }, [video]);

  const open = useEffectEvent((el: HTMLVideoElement) => {
    const back = resume.current?.src === src ? resume.current : undefined;
    resume.current = undefined;
    el.muted = back ? back.muted : autoPlay ? false : playerStore.get().autoplayMuted;
    el.playbackRate = playerStore.get().rate;
    el.defaultPlaybackRate = el.playbackRate;
    const play = back ? back.playing : autoPlay || playerStore.get().autoplayMuted;
    return attachStream(el, src, {
      startAt: back?.at ?? startAt,
      quality: playerStore.get().quality,
      onState: setLevels,
      onError: setError,
      onReady: () => {
        if (!play) return;
        // A browser that refuses sound without a tap on this page plays muted instead of not at all.
        void el.play().catch(() => {
          el.muted = true;
          return el.play().catch(() => undefined);
        });
      },
    });
  });

  useEffect(() => {
    if (!video || !src) return;
    const s = open(video);
    stream.current = s;
    return () => {
      resume.current = { src, at: video.currentTime, playing: !video.paused && !video.ended, muted: video.muted };
      video.pause();
      s.destroy();
      stream.current = undefined;
      setError("");
      setLevels({ levels: [], height: 0 });
    };
  }, [video, src]);

  return (
    <div className="video-player" ref={setBox}>
      <video
        ref={setVideo}
        className="video-player-media"
        data-testid="video"
        poster={posterUrl}
        playsInline
        preload="metadata"
        onError={() => video?.getAttribute("src") && setError("视频加载失败，请稍后重试")}
        onEnded={onEnded}
        onPlaying={() => {
          if (started.current === src) return;
          started.current = src;
          onStart?.();
        }}
      />
      {layers}
      {badge ? <span className="video-player-badge">{badge}</span> : null}
      {video && box ? (
        <Suspense fallback={<PlayFallback video={video} />}>
          <PlayerControls video={video} box={box} title={title} poster={posterUrl} stream={levels} onQuality={(h) => stream.current?.setQuality(h)} />
        </Suspense>
      ) : null}
      {error && (
        <p className="video-player-error" role="alert">
          {error}
        </p>
      )}
      {overlay}
    </div>
  );
}

/** Until the controls arrive: a play button, so a tap never waits for them. */
function PlayFallback({ video }: { video: HTMLVideoElement }) {
  return (
    <button type="button" className="video-player-big-play" aria-label="播放" onClick={() => void video.play().catch(() => undefined)}>
      <PlayIcon />
    </button>
  );
}
