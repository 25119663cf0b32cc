import { useState, type ReactNode } from "react";
import type { AudioChapter, AudioDetail } from "#gateway/api/audio.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { UnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { LockIcon } from "#app/components/icons.tsx";
import { formatDuration } from "#app/lib/format.ts";
import { loadAudioPlayer } from "#app/features/audio/load-player.ts";
import { audioStore } from "#app/stores/audio.ts";
import { useStore } from "#app/stores/use-store.ts";

/**
 * A book's chapters: an open one plays at a tap, a locked one opens the unlock panel (the chapter alone). `extra`
 * adds a control at the end of a row (saving an open chapter for offline use).
 */
export function ChapterList({ book, chapters, extra }: { book: AudioDetail; chapters: AudioChapter[]; extra?: (chapter: AudioChapter) => ReactNode }) {
  const playingId = useStore(audioStore, (s) => (s.book?.id === book.id ? (s.chapters[s.index]?.id ?? 0) : 0));
  const [lockedId, setLockedId] = useState(0);
  // Bought (the loaders ran again): the panel has done its work.
  const locked = chapters.find((c) => c.id === lockedId && !c.can_open);
  const tap = (i: number) => {
    const chapter = chapters[i]!;
    if (chapter.can_open) void loadAudioPlayer().then((p) => p.playChapter({ id: book.id, title: book.title, cover: book.cover }, chapters, i));
    else setLockedId(chapter.id);
  };
  if (!chapters.length) return <p className="audio-intro">暂无章节</p>;
  return (
    <>
      <ul className="audio-chapters" aria-label="章节">
        {chapters.map((c, i) => (
          <li key={c.id} className="audio-chapter">
            <button type="button" className="audio-chapter-main" aria-current={c.id === playingId} onClick={() => tap(i)}>
              <span className="audio-chapter-title">{c.title}</span>
              <span className="audio-chapter-side">{formatDuration(c.duration)}</span>
              {c.can_open ? null : (
                <span className="audio-chapter-side audio-chapter-price">
                  <LockIcon />{" "}
                  {c.coins} 金币<span className="visually-hidden">，未解锁</span>
                </span>
              )}
            </button>
            {extra?.(c)}
          </li>
        ))}
      </ul>
      <Sheet visible={Boolean(locked)} onClose={() => setLockedId(0)} title="解锁章节">
        {locked ? <UnlockPanel unit={{ kind: "audio-chapter", id: locked.id, title: `${book.title} ${locked.title}`, price: locked.coins, vip_free: locked.vip_free }} viewer={book.viewer} /> : null}
      </Sheet>
    </>
  );
}
