import { resources } from "#gateway/api/index.ts";
import type { Progress } from "#gateway/api/resources.ts";
import { api } from "#app/lib/gateway.ts";
import { localStore } from "#app/lib/safe-storage.ts";
import { createStore } from "#app/stores/create-store.ts";
import { userStore } from "#app/stores/user.ts";
import { newerProgress } from "#app/lib/progress.ts";
import { devicePosition, positionKey } from "./place.ts";

// What the reader keeps: the look (on the device), and the place in each book, on the device at once and on the
// gateway in the background, so another device can pick it up (decision 043).

export type ReaderTheme = "day" | "night" | "sepia";
export const THEMES: { value: ReaderTheme; label: string }[] = [
  { value: "day", label: "日间" },
  { value: "sepia", label: "护眼" },
  { value: "night", label: "夜间" },
];
export const FONT_SIZES = { min: 14, max: 28, step: 2 } as const;
export const LINE_HEIGHTS = [1.5, 1.8, 2.1] as const;

export const readerSettings = createStore(
  { fontSize: 18, lineHeight: 1.8 as number, theme: "day" as ReaderTheme },
  { persist: { kind: "local", key: "novel-reader-settings" } },
);

const isMember = () => {
  const s = userStore.get();
  return s.isLogin && Boolean(s.token);
};


/**
 * Where to open a book: the newer of this device's place and the gateway's (another device's); only the
 * device's for a visitor. A gateway that fails leaves the device's place.
 */
export async function startingPlace(itemId: number): Promise<Progress | null> {
  const local = devicePosition(itemId);
  if (!isMember()) return local;
  const remote = await api(resources.progress, { item_id: itemId }).catch(() => null);
  return newerProgress(local, remote);
}

const SAVE_AFTER_MS = 1500;
let waiting: { progress: Progress; timer: ReturnType<typeof setTimeout> } | undefined;

function sendWaiting() {
  if (!waiting) return;
  const { progress, timer } = waiting;
  clearTimeout(timer);
  waiting = undefined;
  if (isMember()) void api(resources.saveProgress, progress);
}

/** Keeps the place on the device now, and on the gateway once the member stops turning for a moment. */
export function keepPlace(progress: Progress) {
  localStore.setItem(positionKey(progress.item_id), JSON.stringify(progress));
  if (waiting) clearTimeout(waiting.timer);
  waiting = { progress, timer: setTimeout(sendWaiting, SAVE_AFTER_MS) };
}

/** Sends a place not yet saved on the gateway (the member leaves the reader, or the page is hidden). */
export const flushPlace = sendWaiting;
