import * as resources from "#gateway/api/resources.ts";
import { api } from "#app/lib/gateway.ts";
import { sessionStore } from "#app/lib/safe-storage.ts";
import { isLoggedIn } from "#app/stores/user.ts";
import { FINISHED_SHARE, sessionKey, type VideoProgress } from "./watch-progress.ts";

const SAVE_EVERY_MS = 10_000;

function save(id: number, position: number, duration: number, toGateway: boolean) {
  if (!duration) return;
  const finished = position >= duration * FINISHED_SHARE;
  if (finished) sessionStore.removeItem(sessionKey(id));
  else sessionStore.setItem(sessionKey(id), String(Math.floor(position)));
  if (!toGateway || !isLoggedIn()) return;
  const progress: VideoProgress = { item_id: id, unit_id: 0, position: Math.round(position * 10) / 10, duration: Math.round(duration * 10) / 10, updated_at: Date.now() };
  void api(resources.saveProgress, progress).catch(() => undefined);
}

/**
 * Keeps video `id`'s place while `el` plays it: in this session at every second, on the gateway every 10 s of play,
 * on pause, at the end and when the page or the video is left. Returns what stops it (and saves once more).
 */
export function keepWatching(id: number, el: HTMLVideoElement): () => void {
  let sentAt = 0;
  // The last place seen: a player that is being taken down has already emptied its element.
  let at = { position: 0, duration: 0, sent: true };
  const look = () => {
    const duration = Number.isFinite(el.duration) ? el.duration : 0;
    if (!duration || (el.currentTime <= 0 && !el.ended)) return false;
    const position = el.ended ? duration : el.currentTime;
    if (Math.floor(position) === Math.floor(at.position) && duration === at.duration) return false;
    at = { position, duration, sent: false };
    return true;
  };
  const send = () => {
    if (at.sent || !at.duration) return;
    at.sent = true;
    sentAt = Date.now();
    save(id, at.position, at.duration, true);
  };
  const tick = () => {
    if (el.seeking || !look()) return;
    if (Date.now() - sentAt >= SAVE_EVERY_MS) send();
    else save(id, at.position, at.duration, false);
  };
  const now = () => {
    look();
    send();
  };
  const hidden = () => document.visibilityState === "hidden" && now();
  const listening: [EventTarget, string, () => void][] = [
    [el, "timeupdate", tick],
    [el, "seeked", tick],
    [el, "pause", now],
    [el, "ended", now],
    [document, "visibilitychange", hidden],
    [window, "pagehide", now],
  ];
  for (const [target, type, fn] of listening) target.addEventListener(type, fn);
  return () => {
    for (const [target, type, fn] of listening) target.removeEventListener(type, fn);
    now();
  };
}
