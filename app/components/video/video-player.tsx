import { useEffect, useRef, useState } from "react";
import { loadImage } from "#app/lib/images.ts";
import { joinMediaFocus } from "#app/lib/media-focus.ts";
import { playerStore } from "#app/stores/player.ts";
import { useStore } from "#app/stores/use-store.ts";

const isHls = (url: string) => /\.m3u8(?:$|\?)/.test(url);

/**
 * Plays MP4 natively and HLS natively where the browser can (Safari), else through hls.js, which is
 * loaded only then. Autoplays muted when the member's persisted preference says so. `onStart` runs once per
 * source, when it first plays (a view).
 */
export function VideoPlayer({ src, poster, onStart }: { src: string; poster?: string; onStart?: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const started = useRef("");
  const autoplayMuted = useStore(playerStore, (s) => s.autoplayMuted);
  const [posterUrl, setPosterUrl] = useState<string>();
  const [error, setError] = useState("");
  // Where playback was when the screen was hidden (kept alive behind another), to go on from there.
  const resume = useRef<{ src: string; at: number; playing: boolean; muted: boolean } | undefined>(undefined);

  useEffect(() => {
    let live = true;
    if (poster) void loadImage(poster).then((u) => live && setPosterUrl(u), () => undefined);
    return () => void (live = false);
  }, [poster]);

  useEffect(() => (video.current ? joinMediaFocus(video.current) : undefined), []);

  useEffect(() => {
    const el = video.current;
    if (!el || !src) return;
    setError("");
    let destroy: (() => void) | undefined;
    let cancelled = false;
    const back = resume.current?.src === src ? resume.current : undefined;
    resume.current = undefined;
    el.muted = back ? back.muted : playerStore.get().autoplayMuted;
    const start = () => {
      if (back ? back.playing : playerStore.get().autoplayMuted) void el.play().catch(() => undefined);
    };
    if (isHls(src) && !el.canPlayType("application/vnd.apple.mpegurl")) {
      void import("hls.js").then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setError("当前浏览器无法播放此视频");
          return;
        }
        const hls = new Hls({ maxBufferLength: 20, startPosition: back?.at ?? -1 });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) setError("视频加载失败，请稍后重试");
        });
        hls.loadSource(src);
        hls.attachMedia(el);
        hls.on(Hls.Events.MANIFEST_PARSED, start);
        destroy = () => hls.destroy();
      });
    } else {
      el.src = src;
      el.load();
      if (back?.at) el.addEventListener("loadedmetadata", () => void (el.currentTime = back.at), { once: true });
      start();
    }
    return () => {
      cancelled = true;
      resume.current = { src, at: el.currentTime, playing: !el.paused && !el.ended, muted: el.muted };
      el.pause();
      destroy?.();
      // Without load() a detached source keeps playing what it has buffered, sound included.
      el.removeAttribute("src");
      el.load();
    };
  }, [src]);

  return (
    <div className="video-player">
      <video
        ref={video}
        className="video-player-media"
        data-testid="video"
        poster={posterUrl}
        controls
        playsInline
        preload="metadata"
        onError={() => setError("视频加载失败，请稍后重试")}
        onPlaying={() => {
          if (started.current === src) return;
          started.current = src;
          onStart?.();
        }}
      />
      {error && <p className="video-player-error">{error}</p>}
      <button
        type="button"
        className="video-player-mute"
        aria-pressed={autoplayMuted}
        onClick={() =>
          playerStore.set((s) => {
            s.autoplayMuted = !s.autoplayMuted;
          })
        }
      >
        {autoplayMuted ? "自动静音播放：开" : "自动静音播放：关"}
      </button>
    </div>
  );
}
