import { useEffect, useState } from "react";

type IOSVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void; webkitDisplayingFullscreen?: boolean };
type Lockable = ScreenOrientation & { lock?: (o: "landscape") => Promise<void> };

/** Whether `box` is the fullscreen element now. */
export function useFullscreen(box: HTMLElement): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement === box);
    document.addEventListener("fullscreenchange", update);
    return () => document.removeEventListener("fullscreenchange", update);
  }, [box]);
  return on;
}

/**
 * Fullscreen that turns: the player's box fills the screen and a landscape video locks the screen to landscape
 * where the browser allows it (Android Chrome in fullscreen); iOS Safari, which has no element fullscreen on
 * phones, gets its own video fullscreen, which turns by itself.
 */
export async function toggleFullscreen(box: HTMLElement, video: HTMLVideoElement) {
  if (document.fullscreenElement) {
    screen.orientation?.unlock?.();
    await document.exitFullscreen().catch(() => undefined);
    return;
  }
  if (box.requestFullscreen) {
    await box.requestFullscreen({ navigationUI: "hide" }).catch(() => undefined);
    if (document.fullscreenElement && video.videoWidth > video.videoHeight) await (screen.orientation as Lockable | undefined)?.lock?.("landscape").catch(() => undefined);
    return;
  }
  (video as IOSVideo).webkitEnterFullscreen?.();
}
