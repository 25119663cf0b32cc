import { castDraft } from "immer";
import { useEffect } from "react";
import { whenIdle } from "#app/lib/idle.ts";
import type { AudioChapter, AudioDetail } from "#gateway/api/audio.ts";
import type { Progress } from "#gateway/api/resources.ts";
import { formatDuration } from "#app/lib/format.ts";
import { loadAudioPlayer } from "#app/features/audio/load-player.ts";
import { SPEEDS } from "#app/features/audio/player-reads.ts";
import { audioStore } from "#app/stores/audio.ts";
import { useStore } from "#app/stores/use-store.ts";
import { PlayIcon } from "./play-icon.tsx";

const bookRef = (book: AudioDetail) => ({ id: book.id, title: book.title, cover: book.cover });

/** `act` on the player, its code loaded first if it is not yet (load-player.ts). */
const withPlayer = (act: (player: Awaited<ReturnType<typeof loadAudioPlayer>>) => unknown) => void loadAudioPlayer().then(act);

/** The open chapter nearest `from` going `step` (-1, 1), or -1. */
function openNeighbour(chapters: AudioChapter[], from: number, step: -1 | 1): number {
  for (let i = from + step; i >= 0 && i < chapters.length; i += step) if (chapters[i]!.can_open) return i;
  return -1;
}

/**
 * The full player of a book's screen: the chapter playing (or where the member left off), seek, previous and
 * next chapter, speed. Before this book plays, it offers to resume at `resumeAt`.
 */
export function AudioPlayerPanel({ book, chapters, resumeAt }: { book: AudioDetail; chapters: AudioChapter[]; resumeAt: Progress | null }) {
  const active = useStore(audioStore, (s) => s.book?.id === book.id);
  const index = useStore(audioStore, (s) => s.index);
  const playing = useStore(audioStore, (s) => s.playing);
  const position = useStore(audioStore, (s) => s.position);
  const duration = useStore(audioStore, (s) => s.duration);
  const rate = useStore(audioStore, (s) => s.rate);

  // The player's code is not in the screen's first load: it comes when the page is idle, before the first tap.
  useEffect(() => whenIdle(() => void loadAudioPlayer().catch(() => undefined)), []);

  // After a purchase the chapters come again, open and with their addresses: the player takes them.
  useEffect(() => {
    if (audioStore.get().book?.id === book.id) audioStore.set((d) => void (d.chapters = castDraft(chapters)));
  }, [book.id, chapters]);

  const resumeIndex = resumeAt ? chapters.findIndex((c) => c.id === resumeAt.unit_id && c.can_open) : -1;
  const firstOpen = chapters.findIndex((c) => c.can_open);
  const shownIndex = active ? index : resumeIndex >= 0 ? resumeIndex : firstOpen;
  const chapter = chapters[shownIndex];
  if (!chapter) {
    return (
      <section className="audio-player" aria-label="播放器">
        <p className="audio-player-now">暂无可收听的章节，解锁后即可收听</p>
      </section>
    );
  }
  const at = active ? position : resumeIndex >= 0 ? resumeAt!.position : 0;
  const length = active && duration > 0 ? duration : chapter.duration;
  const start = (i: number, from = 0) => withPlayer((p) => p.playChapter(bookRef(book), chapters, i, from));
  const play = () => (active ? withPlayer((p) => p.togglePlay()) : start(shownIndex, at));
  const move = (step: -1 | 1) => {
    if (active) return withPlayer((p) => p.skip(step));
    const i = openNeighbour(chapters, shownIndex, step);
    if (i >= 0) start(i);
  };
  const onSeek = (value: number) => (active ? withPlayer((p) => p.seek(value)) : start(shownIndex, value));
  return (
    <section className="audio-player" aria-label="播放器">
      <p className="audio-player-now">
        {chapter.title}
        {!active && at > 0 ? <span className="audio-chapter-side">（上次听到 {formatDuration(at)}）</span> : null}
      </p>
      <input
        className="audio-player-seek"
        type="range"
        min={0}
        max={Math.max(1, Math.floor(length))}
        step={1}
        value={Math.min(Math.floor(at), Math.floor(length))}
        onChange={(e) => onSeek(Number(e.currentTarget.value))}
        aria-label="播放进度"
        aria-valuetext={`${formatDuration(at)} / ${formatDuration(length)}`}
      />
      <div className="audio-player-times">
        <span data-testid="audio-position">{formatDuration(at)}</span>
        <span>{formatDuration(length)}</span>
      </div>
      <div className="audio-player-controls">
        <button type="button" className="audio-control" aria-label="上一集" disabled={openNeighbour(chapters, shownIndex, -1) < 0} onClick={() => move(-1)}>
          <svg viewBox="0 0 24 24" width="26" height="26" fill="currentColor" aria-hidden>
            <path d="M6 5h2v14H6zm3.5 7L19 5.5v13z" />
          </svg>
        </button>
        <button type="button" className="audio-control main" aria-label={active && playing ? "暂停" : at > 0 && !active ? "继续播放" : "播放"} onClick={play}>
          <PlayIcon playing={active && playing} size={30} />
        </button>
        <button type="button" className="audio-control" aria-label="下一集" disabled={openNeighbour(chapters, shownIndex, 1) < 0} onClick={() => move(1)}>
          <svg viewBox="0 0 24 24" width="26" height="26" fill="currentColor" aria-hidden>
            <path d="M16 5h2v14h-2zM5 5.5 14.5 12 5 18.5z" />
          </svg>
        </button>
      </div>
      <div className="audio-speeds" role="group" aria-label="倍速">
        {SPEEDS.map((s) => (
          <button key={s} type="button" aria-pressed={rate === s} onClick={() => withPlayer((p) => p.setRate(s))}>
            {s}×
          </button>
        ))}
      </div>
      {/* Offline saving (issue 19): the save button of the chapter shown goes here or in its chapter row. */}
    </section>
  );
}
