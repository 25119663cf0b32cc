import { lazy, Suspense, useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from "react";
import { holdOtherImages, loadImage } from "#app/lib/images.ts";
import { joinMediaFocus } from "#app/lib/media-focus.ts";
import { importOnce } from "#app/lib/import-once.ts";
import { playerStore } from "#app/stores/player.ts";
import { PlayIcon } from "./player/icons.tsx";
import type { Stream, StreamState } from "./player/stream.ts";
import "./video-player.css";

// The controls and their gestures load after the first paint, in /player's own chunk (issue 36).
const PlayerControls = lazy(() => import("./player/player-controls.tsx"));
// The media's source (and hls.js, when it needs it) is set once the poster has painted: its code is asked for as the
// player mounts, and is in by then (decision 111).
const loadStream = importOnce(() => import("./player/stream.ts"));

const FAILED = "视频加载失败，请稍后重试";

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
  /** The `<video>` once its media may start (see below), for what follows playback (resume positions, bullets). */
  onMedia?: (el: HTMLVideoElement | null) => void;
  onEnded?: () => void;
}

/**
 * How long the media waits for its poster at most: on a line that slow the video itself would be slower still, but a
 * poster that never comes must not keep the video from the member.
 */
export const POSTER_WAIT_MS = 3000;

/**
 * The app's one video player: our controls over `<video>`, HLS through hls.js where the browser has no HLS of its own.
 *
 * NOTE: the media, the controls' code and the host's `onMedia` work (bullets, watch progress) start once the poster
 * has painted (a frame after mount without one), or at once on a tap on play: the poster is the screen's largest
 * content, and on a slow line anything that starts before it paints shares the line and the main thread with it.
 * Other images wait for it too.
 */
export function VideoPlayer({ src, poster, title, onStart, startAt = 0, autoPlay = false, badge, layers, overlay, onMedia, onEnded }: VideoPlayerProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const started = useRef("");
  const stream = useRef<Stream | undefined>(undefined);
  const [levels, setLevels] = useState<StreamState>({ levels: [], height: 0 });
  const [posterUrl, setPosterUrl] = useState<string>();
  const [error, setError] = useState("");
  // The poster has painted, or the member asked to play: the media may start.
  const [ready, setReady] = useState(false);
  const wanted = useRef(false);
  // Names the poster's paint for the browser's Element Timing reports.
  const paintId = `poster${useId()}`;
  // Where playback was when the screen was hidden (kept alive behind another), to go on from there.
  const resume = useRef<{ src: string; at: number; playing: boolean; muted: boolean } | undefined>(undefined);

  // The poster's URL, and until the media may start: other images held, and the wait for the poster's paint or
  // POSTER_WAIT_MS, whichever comes first.
  useEffect(() => {
    let live = true;
    const shown = poster ? loadImage(poster, { first: true }).then((url) => (live && setPosterUrl(url), url)) : Promise.resolve(undefined);
    if (ready) {
      shown.catch(() => undefined);
      return () => void (live = false);
    }
    const release = holdOtherImages();
    const timer = setTimeout(() => setReady(true), POSTER_WAIT_MS);
    const paint = posterPainted(paintId, shown);
    void paint.done.then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
      paint.stop();
      clearTimeout(timer);
      release();
    };
  }, [poster, ready, paintId]);

  useEffect(() => void loadStream().catch(() => undefined), []);
  useEffect(() => (video ? joinMediaFocus(video) : undefined), [video]);

  const reportMedia = useEffectEvent((el: HTMLVideoElement | null) => onMedia?.(el));
  const media = ready ? video : null;
  useEffect(() => {
    reportMedia(media);
    return () => reportMedia(null);
  }, [media]);

  const open = useEffectEvent((attachStream: typeof import("./player/stream.ts").attachStream, el: HTMLVideoElement) => {
    const back = resume.current?.src === src ? resume.current : undefined;
    resume.current = undefined;
    el.muted = back ? back.muted : autoPlay ? false : playerStore.get().autoplayMuted;
    el.playbackRate = playerStore.get().rate;
    el.defaultPlaybackRate = el.playbackRate;
    const play = back ? back.playing : autoPlay || wanted.current || playerStore.get().autoplayMuted;
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
    if (!media || !src) return;
    let s: Stream | undefined;
    let live = true;
    void loadStream().then(
      ({ attachStream }) => {
        if (!live) return;
        s = open(attachStream, media);
        stream.current = s;
      },
      () => live && setError(FAILED),
    );
    return () => {
      live = false;
      resume.current = { src, at: media.currentTime, playing: !media.paused && !media.ended, muted: media.muted };
      media.pause();
      s?.destroy();
      stream.current = undefined;
      setError("");
      setLevels({ levels: [], height: 0 });
    };
  }, [media, src]);

  return (
    <div className="video-player" ref={setBox}>
      <video
        ref={setVideo}
        className="video-player-media"
        data-testid="video"
        poster={posterUrl}
        // @ts-expect-error React's types lack the Element Timing attribute; React passes it through as it is.
        elementtiming={paintId}
        playsInline
        preload="metadata"
        onError={() => video?.getAttribute("src") && setError(FAILED)}
        onEnded={onEnded}
        onPlaying={() => {
          if (started.current === src) return;
          started.current = src;
          onStart?.();
        }}
      />
      {layers}
      {badge ? <span className="video-player-badge">{badge}</span> : null}
      {media && box ? (
        <Suspense fallback={<PlayFallback onPlay={() => void media.play().catch(() => undefined)} />}>
          <PlayerControls video={media} box={box} title={title} poster={posterUrl} stream={levels} onQuality={(h) => stream.current?.setQuality(h)} />
        </Suspense>
      ) : video ? (
        <PlayFallback
          onPlay={() => {
            wanted.current = true;
            setReady(true);
          }}
        />
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
function PlayFallback({ onPlay }: { onPlay: () => void }) {
  return (
    <button type="button" className="video-player-big-play" aria-label="播放" onClick={onPlay}>
      <PlayIcon />
    </button>
  );
}

/**
 * Once the poster has painted. Where the browser reports element paints (Element Timing: Chromium), its report for the
 * `<video>` named `id`: a frame after the pixels are decoded is not always the frame that shows them (the video loads
 * its poster on its own). Elsewhere: the poster's pixels decoded, then two frames, so one showing it has gone out.
 */
function posterPainted(id: string, url: Promise<string | undefined>): { done: Promise<void>; stop: () => void } {
  let stop = () => {};
  const done = new Promise<void>((resolve, reject) => {
    if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("element")) {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => e.name === "image-paint" && (e as PerformanceEntry & { identifier?: string }).identifier === id)) resolve();
      });
      observer.observe({ type: "element", buffered: true });
      stop = () => observer.disconnect();
      // No poster, or none to be had: nothing to wait for.
      url.then((u) => u || resolve(), reject);
      return;
    }
    let frame = 0;
    stop = () => cancelAnimationFrame(frame);
    url
      .then((u) => {
        if (!u) return;
        const img = new Image();
        img.src = u;
        return img.decode().catch(() => undefined);
      })
      .then(() => (frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => resolve())))), reject);
  });
  return { done, stop };
}
