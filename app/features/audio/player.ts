import { castDraft } from "immer";
import type { AudioChapter } from "#gateway/api/audio.ts";
import { audio, resources } from "#gateway/api/index.ts";
import type { Progress } from "#gateway/api/resources.ts";
import { toast } from "#app/lib/feedback.ts";
import { api, quietApi } from "#app/lib/gateway.ts";
import { loadImage } from "#app/lib/images.ts";
import { joinMediaFocus } from "#app/lib/media-focus.ts";
import { audioElement, audioProgressStore, audioStore, CHAPTER_PAGE, type AudioBookRef } from "#app/stores/audio.ts";
import { isLoggedIn } from "#app/stores/user.ts";
import { audioSource } from "./audio-source.ts";

// The controls of the app's one <audio> element (decision 044): what plays, speed, seeking, the next chapter at
// the end, the lock screen's controls (Media Session), and the listening position kept on the device and, in
// the background, in the gateway.

const LOCAL_SAVE_MS = 2_000;
const REMOTE_SAVE_MS = 15_000;

let wired: HTMLAudioElement | null = null;
let lastLocalSave = 0;
let lastRemoteSave = 0;
/** Where the chapter being loaded starts (seconds), applied once its length is known. */
let startAt = 0;

const current = () => {
  const s = audioStore.get();
  return s.book ? { book: s.book, chapter: s.chapters[s.index] } : null;
};

function progressNow(): Progress | null {
  const now = current();
  const el = wired;
  if (!now?.chapter || !el) return null;
  return { item_id: now.book.id, unit_id: now.chapter.id, position: Math.floor(el.currentTime * 10) / 10, updated_at: Date.now() };
}

/** Keeps the position on the device, and in the gateway when `remote` (silent: a failure only loses this save). */
function savePosition(remote: boolean) {
  const p = progressNow();
  if (!p) return;
  lastLocalSave = Date.now();
  audioProgressStore.set((d) => {
    d.books[p.item_id] = p;
  });
  if (remote && isLoggedIn()) {
    lastRemoteSave = Date.now();
    void api(resources.saveProgress, p).catch(() => undefined);
  }
}

function positionState() {
  const el = wired;
  if (!el || !("mediaSession" in navigator) || !Number.isFinite(el.duration) || el.duration <= 0) return;
  try {
    navigator.mediaSession.setPositionState({ duration: el.duration, playbackRate: el.playbackRate, position: Math.min(el.currentTime, el.duration) });
  } catch {
    // An inconsistent state (a position past the end while loading): the next update sets it.
  }
}

function wire(el: HTMLAudioElement) {
  if (wired === el) return;
  wired = el;
  joinMediaFocus(el);
  el.addEventListener("loadedmetadata", () => {
    // Left at the very end: from the start again.
    if (startAt > 0 && startAt < el.duration - 1) el.currentTime = startAt;
    startAt = 0;
    el.playbackRate = audioStore.get().rate;
    audioStore.set((d) => {
      d.duration = Number.isFinite(el.duration) ? el.duration : d.duration;
    });
    positionState();
  });
  el.addEventListener("timeupdate", () => {
    audioStore.set((d) => {
      d.position = el.currentTime;
    });
    const now = Date.now();
    if (now - lastLocalSave > LOCAL_SAVE_MS) savePosition(!el.paused && now - lastRemoteSave > REMOTE_SAVE_MS);
  });
  el.addEventListener("play", () => audioStore.set((d) => void (d.playing = true)));
  el.addEventListener("pause", () => {
    audioStore.set((d) => void (d.playing = false));
    savePosition(true);
  });
  el.addEventListener("ratechange", positionState);
  el.addEventListener("seeked", () => {
    positionState();
    savePosition(false);
  });
  el.addEventListener("ended", () => {
    const s = audioStore.get();
    if (s.index + 1 < s.chapters.length && s.chapters[s.index + 1]!.can_open) void skip(1);
  });
  el.addEventListener("error", () => {
    if (el.getAttribute("src")) toast("音频加载失败，请稍后重试");
  });
  if ("mediaSession" in navigator) {
    const session = navigator.mediaSession;
    const on = (action: MediaSessionAction, handler: MediaSessionActionHandler) => {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    };
    on("play", () => void resume());
    on("pause", pause);
    on("seekto", (d) => d.seekTime !== undefined && seek(d.seekTime));
    on("seekbackward", (d) => seek(el.currentTime - (d.seekOffset ?? 10)));
    on("seekforward", (d) => seek(el.currentTime + (d.seekOffset ?? 10)));
    on("previoustrack", () => void skip(-1));
    on("nexttrack", () => void skip(1));
    on("stop", close);
  }
}

function showOnLockScreen(book: AudioBookRef, chapter: AudioChapter) {
  if (!("mediaSession" in navigator) || typeof MediaMetadata === "undefined") return;
  const metadata = new MediaMetadata({ title: chapter.title, artist: book.title, album: "有声书" });
  navigator.mediaSession.metadata = metadata;
  // The cover is encrypted (§7): the lock screen gets the decrypted copy.
  void loadImage(book.cover).then(
    (src) => {
      if (navigator.mediaSession.metadata === metadata) metadata.artwork = [{ src, sizes: "480x480" }];
    },
    () => undefined,
  );
}

/**
 * Plays chapter `index` of a book from `from` seconds (else from the start): what a tap on a chapter, the play
 * button or the next chapter does. A locked chapter does not play (its row offers the unlock panel).
 */
export async function playChapter(book: AudioBookRef, chapters: AudioChapter[], index: number, from = 0): Promise<boolean> {
  const chapter = chapters[index];
  if (!chapter?.can_open) return false;
  const el = await audioElement();
  wire(el);
  const before = current();
  if (before?.book.id === book.id && before.chapter?.id === chapter.id && el.getAttribute("src")) {
    audioStore.set((d) => void (d.chapters = castDraft(chapters)));
    if (from) seek(from);
    await resume();
    return true;
  }
  if (before && !el.paused) savePosition(true);
  let src = await audioSource(chapter);
  if (!src) {
    // A book kept from an earlier visit has no addresses (their grant runs out): its chapter's page again.
    chapters = await freshChapters(book.id, chapters, index);
    src = chapters[index]?.can_open ? await audioSource(chapters[index]!) : null;
  }
  if (!src) {
    toast("该章节暂时无法播放，请打开书页重试");
    return false;
  }
  audioStore.set((d) => {
    d.book = book;
    d.chapters = castDraft(chapters);
    d.index = index;
    d.position = from;
    d.duration = chapter.duration;
  });
  startAt = from;
  el.src = src;
  el.playbackRate = audioStore.get().rate;
  showOnLockScreen(book, chapter);
  await resume();
  return true;
}

/** `chapters` with the page that holds chapter `index` asked again (open or not, and fresh addresses). */
async function freshChapters(bookId: number, chapters: AudioChapter[], index: number): Promise<AudioChapter[]> {
  try {
    const { list } = await quietApi(audio.chaptersList, { id: bookId, page: Math.floor(index / CHAPTER_PAGE) + 1, limit: CHAPTER_PAGE });
    const byId = new Map(list.map((c) => [c.id, c]));
    return chapters.map((c) => byId.get(c.id) ?? c);
  } catch {
    return chapters;
  }
}

/** Plays on: the element's chapter, or (after a reload) the book kept loaded, at its place. */
export async function resume() {
  const el = wired;
  if (!el?.getAttribute("src")) {
    const s = audioStore.get();
    if (s.book) await playChapter(s.book, s.chapters as AudioChapter[], s.index, s.position);
    return;
  }
  try {
    await el.play();
  } catch (error) {
    // Refused without a tap (autoplay rules) or replaced by another load: the play button stays.
    if ((error as Error).name !== "AbortError") audioStore.set((d) => void (d.playing = false));
  }
}

export function pause() {
  wired?.pause();
}

export function togglePlay() {
  if (wired && !wired.paused) pause();
  else void resume();
}

export function seek(seconds: number) {
  const el = wired;
  if (!el?.getAttribute("src")) {
    // Nothing in the element yet (a book kept from an earlier visit): it starts there.
    audioStore.set((d) => void (d.position = Math.max(0, Math.min(seconds, d.duration))));
    return;
  }
  const end = Number.isFinite(el.duration) ? el.duration : audioStore.get().duration;
  el.currentTime = Math.max(0, Math.min(seconds, Math.max(0, end - 0.1)));
  audioStore.set((d) => void (d.position = el.currentTime));
}

export function setRate(rate: number) {
  audioStore.set((d) => void (d.rate = rate));
  if (wired) wired.playbackRate = rate;
}

/** The previous (-1) or next (1) open chapter of the book playing. */
export async function skip(step: -1 | 1): Promise<boolean> {
  const s = audioStore.get();
  if (!s.book) return false;
  for (let i = s.index + step; i >= 0 && i < s.chapters.length; i += step) {
    if (s.chapters[i]!.can_open) return await playChapter(s.book, s.chapters as AudioChapter[], i);
  }
  toast(step > 0 ? "没有可播放的下一集" : "没有可播放的上一集");
  return false;
}

/** Stops, keeps the position, and takes the mini player away. */
export function close() {
  const el = wired;
  if (el) {
    savePosition(true);
    el.pause();
    el.removeAttribute("src");
    el.load();
  }
  audioStore.set((d) => {
    d.book = null;
    d.chapters = [];
    d.playing = false;
    d.position = 0;
  });
  if ("mediaSession" in navigator) navigator.mediaSession.metadata = null;
}
