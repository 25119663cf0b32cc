import { createStore } from "./create-store.ts";

/** The video player's choices, kept on the device (issue 36). */
export interface PlayerSettings {
  autoplayMuted: boolean;
  /** Playback speed, one of PLAYBACK_RATES. */
  rate: number;
  /** The rendition's height chosen by the member (e.g. 540), 0 for 自动 (hls.js picks by bandwidth). */
  quality: number;
  /** Whether the next video starts by itself after a 5 s countdown. */
  autoplayNext: boolean;
}

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export const playerStore = createStore<PlayerSettings>({ autoplayMuted: true, rate: 1, quality: 0, autoplayNext: true }, { persist: { kind: "local", key: "___PLAYER__" } });
