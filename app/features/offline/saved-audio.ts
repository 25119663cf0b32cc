import type { AudioChapter, AudioDetail } from "#gateway/api/audio.ts";
import type { Comment } from "#gateway/api/content-types.ts";
import type { Paged } from "#gateway/api/types.ts";
import { NO_COMMENTS } from "#app/features/comments/no-comments.ts";
import type { SavedUnit } from "./offline-store.ts";

// An audio chapter is saved with its book (decision 046): offline, the book's screen is made of the chapters saved.

/** What `SaveOffline` keeps for an audio chapter. */
export type SavedAudioChapter = { book: AudioDetail; chapter: AudioChapter };

/** A book's screen from its saved chapters: the newest saved book, its saved chapters in order, no comments. */
export function savedAudioBook(units: SavedUnit[]): { book: AudioDetail; chapters: AudioChapter[]; comments: Paged<Comment> } {
  const saved = units.map((u) => u.data as SavedAudioChapter);
  const newest = units.reduce((a, b) => (b.savedAt > a.savedAt ? b : a));
  return {
    book: (newest.data as SavedAudioChapter).book,
    chapters: saved.map((s) => s.chapter).sort((a, b) => a.seq - b.seq),
    comments: NO_COMMENTS,
  };
}
