// What the controls do to the <video>: the element is a prop of theirs, and React's rules keep props unwritten in
// components, so the writes live here.

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export const playPause = (el: HTMLVideoElement) => (el.paused || el.ended ? void el.play().catch(() => undefined) : el.pause());

export function seek(el: HTMLVideoElement, seconds: number) {
  const end = Number.isFinite(el.duration) ? el.duration : 0;
  el.currentTime = clamp(seconds, 0, end);
}

/** `keep`: the member's choice, which later videos start at too; else only for now (a long press). */
export function setRate(el: HTMLVideoElement, rate: number, keep: boolean) {
  el.playbackRate = rate;
  if (keep) el.defaultPlaybackRate = rate;
}

export function setMuted(el: HTMLVideoElement, muted: boolean) {
  el.muted = muted;
}

/** Phones whose browser keeps the volume to the hardware buttons (iOS) ignore this; the hint still shows. */
export function setVolume(el: HTMLVideoElement, volume: number) {
  el.volume = clamp(volume, 0, 1);
  if (volume > 0 && el.muted) el.muted = false;
}
