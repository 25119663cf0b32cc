import { useEffect } from "react";

/**
 * The system's media controls (lock screen, notification, headset) for a playing video: its title and cover, play,
 * pause and seeking, as the audio book player has. Whichever plays last holds them.
 */
export function useMediaSession(video: HTMLVideoElement, title: string | undefined, poster: string | undefined) {
  useEffect(() => {
    if (!("mediaSession" in navigator) || typeof MediaMetadata === "undefined") return;
    const session = navigator.mediaSession;
    const on = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    };
    let metadata: MediaMetadata | undefined;
    const claim = () => {
      metadata = new MediaMetadata({ title: title ?? "视频", artwork: poster ? [{ src: poster }] : [] });
      session.metadata = metadata;
      on("play", () => void video.play().catch(() => undefined));
      on("pause", () => video.pause());
      on("seekto", (d) => d.seekTime !== undefined && (video.currentTime = d.seekTime));
      on("seekbackward", (d) => (video.currentTime = Math.max(0, video.currentTime - (d.seekOffset ?? 10))));
      on("seekforward", (d) => (video.currentTime = video.currentTime + (d.seekOffset ?? 10)));
    };
    const position = () => {
      if (session.metadata !== metadata || !Number.isFinite(video.duration) || video.duration <= 0) return;
      session.setPositionState?.({ duration: video.duration, playbackRate: video.playbackRate, position: Math.min(video.currentTime, video.duration) });
    };
    video.addEventListener("play", claim);
    video.addEventListener("seeked", position);
    video.addEventListener("ratechange", position);
    if (!video.paused) claim();
    return () => {
      video.removeEventListener("play", claim);
      video.removeEventListener("seeked", position);
      video.removeEventListener("ratechange", position);
      if (metadata && session.metadata === metadata) session.metadata = null;
    };
  }, [video, title, poster]);
}
