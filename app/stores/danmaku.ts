import { createStore } from "./create-store.ts";

/** Bullet comments (弹幕) on this device: shown or not, how much of the video they use, how see-through. */
export const danmakuStore = createStore(
  { show: true, density: 50 as 25 | 50 | 100, opacity: 90 },
  { persist: { kind: "local", key: "___DANMAKU__" } },
);
