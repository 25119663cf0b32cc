import type { AudioChapter } from "#gateway/api/audio.ts";
import type { Progress } from "#gateway/api/resources.ts";
import { createStore } from "./create-store.ts";

// The audio book player's state (decision 044): one <audio> element for the whole app, mounted once by the root
// and kept here, so it plays on while the member moves between screens. The controls that drive it
// (app/features/audio/player.ts) load with the first screen that plays something; this module stays tiny, as the
// root (the first screen of every visit) imports it.

export interface AudioBookRef {
  id: number;
  title: string;
  cover: string;
}

export interface AudioState {
  /** The book playing (or paused); null: nothing, and no mini player. */
  book: AudioBookRef | null;
  chapters: AudioChapter[];
  /** Index in `chapters` of the chapter loaded in the element. */
  index: number;
  playing: boolean;
  /** Seconds into the chapter, and its length. */
  position: number;
  duration: number;
  /** Playback speed, 0.75–2; kept on the device. */
  rate: number;
}

/** Chapters per page of a book's chapter list: the list above grows by pages of this size. */
export const CHAPTER_PAGE = 50;

export const audioStore = createStore<AudioState>(
  { book: null, chapters: [], index: 0, playing: false, position: 0, duration: 0, rate: 1 },
  {
    persist: { kind: "local", key: "___AUDIO__" },
    // The book loaded stays loaded across visits (the mini player comes back, paused). Not the chapters'
    // addresses: their grant runs out, and the player asks for fresh ones when it plays (features/audio/player.ts).
    pick: (s) => ({ rate: s.rate, book: s.book, index: s.index, chapters: s.chapters.map((c) => ({ ...c, audio_url: null })) }),
  },
);

/** The listening position in each book on this device (item id → progress): restored against the gateway's, newest wins. */
export const audioProgressStore = createStore<{ books: Record<string, Progress> }>({ books: {} }, { persist: { kind: "local", key: "___AUDIO_PROGRESS__" } });

// A book left loaded by the last visit shows at the place kept on the device, with its chapter's length.
{
  const { book, chapters, index } = audioStore.get();
  const chapter = chapters[index];
  const kept = book ? audioProgressStore.get().books[book.id] : undefined;
  if (chapter) {
    audioStore.set((d) => {
      d.duration = chapter.duration;
      d.position = kept?.unit_id === chapter.id ? kept.position : 0;
    });
  }
}

let element: HTMLAudioElement | null = null;
const waiting = new Set<(el: HTMLAudioElement) => void>();

/** The root's <audio> `ref`: hands the element to whoever waits for it. */
export function audioElementRef(el: HTMLAudioElement | null) {
  element = el;
  if (!el) return;
  for (const go of waiting) go(el);
  waiting.clear();
}

/** The app's one <audio> element, once the root has mounted it. */
export function audioElement(): Promise<HTMLAudioElement> {
  return element ? Promise.resolve(element) : new Promise((go) => waiting.add(go));
}

/** The element now, or null before the root has mounted it (the build-time render). */
export const currentAudioElement = () => element;
