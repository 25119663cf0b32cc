import { novels } from "#gateway/api/index.ts";
import type { NovelChapter } from "#gateway/api/novels.ts";
import { withOffline } from "#app/features/offline/offline-access.ts";
import { api, quietApi } from "#app/lib/gateway.ts";

// Loading a chapter to read, in one place: the reader's loader, its prefetch of the next chapter and offline
// saving (which wraps `loadChapter`) all come through here.

/** One chapter of novel `itemId` for the member: its text, or locked with its price. A failure is toasted. */
export function loadChapter(itemId: number, chapterId: number): Promise<NovelChapter> {
  // With no network, the copy saved for offline reading (decision 046).
  return withOffline({ kind: "novel", itemId, unitId: chapterId }, () => api(novels.chapterDetail, { id: chapterId }).then((c) => checked(itemId, c)));
}

const checked = (itemId: number, c: NovelChapter) => {
  if (c.item_id !== itemId) throw new Error("章节不属于这本小说");
  return c;
};

// Prefetched open chapters, ready to show in the same frame as the tap that turns to them. Small: the reader
// needs the next one (and the one it came from, to turn back).
const ready = new Map<number, NovelChapter>();
const pending = new Map<number, Promise<NovelChapter | undefined>>();
const KEEP = 4;

function keep(c: NovelChapter) {
  if (c.locked) return;
  ready.delete(c.id);
  ready.set(c.id, c);
  while (ready.size > KEEP) ready.delete(ready.keys().next().value!);
}

/** A chapter prefetched and open, or undefined (not yet loaded, or locked: a locked one is asked again). */
export const readyChapter = (chapterId: number): NovelChapter | undefined => ready.get(chapterId);

/** Remembers a chapter the reader already has (to turn back to it at once). */
export const rememberChapter = keep;

/** Loads a chapter in the background, quietly: a failure is left for the turn to that chapter to show. */
export function prefetchChapter(itemId: number, chapterId: number): Promise<NovelChapter | undefined> {
  if (!chapterId) return Promise.resolve(undefined);
  const had = ready.get(chapterId);
  if (had) return Promise.resolve(had);
  let p = pending.get(chapterId);
  if (!p) {
    p = quietApi(novels.chapterDetail, { id: chapterId })
      .then((c) => {
        keep(checked(itemId, c));
        return c;
      })
      .catch(() => undefined)
      .finally(() => pending.delete(chapterId));
    pending.set(chapterId, p);
  }
  return p;
}

/** Forgets prefetched chapters (after a purchase, or another member signing in). */
export function forgetChapters() {
  ready.clear();
}
