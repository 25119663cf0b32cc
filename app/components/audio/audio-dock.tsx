import { useLayoutEffect } from "react";
import { Link, useLocation } from "react-router";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { isTabPlace } from "#app/components/tab-bar.tsx";
import { close, togglePlay } from "#app/features/audio/player.ts";
import { audioStore } from "#app/stores/audio.ts";
import { useStore } from "#app/stores/use-store.ts";
import { PlayIcon } from "./play-icon.tsx";
import "./audio-dock.css";

/**
 * The mini player: above the tab bar (or at the foot of a sub-page) on every screen while a book is loaded, but
 * the book's own screen, which shows the full player. The page is padded by its height so it covers nothing.
 */
export default function AudioDock() {
  const { pathname, search } = useLocation();
  const book = useStore(audioStore, (s) => s.book);
  const chapter = useStore(audioStore, (s) => s.chapters[s.index]);
  const playing = useStore(audioStore, (s) => s.playing);
  const position = useStore(audioStore, (s) => s.position);
  const duration = useStore(audioStore, (s) => s.duration);
  const ownScreen = pathname === "/audio/detail" && new URLSearchParams(search).get("id") === String(book?.id);
  const aboveTabs = isTabPlace(pathname);
  const shown = Boolean(book && chapter) && !ownScreen;

  useLayoutEffect(() => {
    const root = document.documentElement;
    if (shown) root.dataset.audioDock = aboveTabs ? "tabs" : "page";
    else delete root.dataset.audioDock;
    return () => void delete root.dataset.audioDock;
  }, [shown, aboveTabs]);

  if (!shown || !book || !chapter) return null;
  const done = duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
  return (
    <div className={`audio-dock${aboveTabs ? " above-tabs" : ""}`} role="region" aria-label="迷你播放器">
      <div className="audio-dock-progress" role="progressbar" aria-label="播放进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(done)}>
        <div style={{ width: `${done}%` }} />
      </div>
      <Link className="audio-dock-info" to={`/audio/detail?id=${book.id}`} aria-label={`打开《${book.title}》`}>
        <EncImage src={book.cover} ratio="1X1" className="audio-dock-cover" />
        <span className="audio-dock-text">
          <span className="audio-dock-title">{chapter.title}</span>
          <span className="audio-dock-book">{book.title}</span>
        </span>
      </Link>
      <button type="button" className="audio-dock-button" aria-label={playing ? "暂停" : "播放"} onClick={togglePlay}>
        <PlayIcon playing={playing} />
      </button>
      <button type="button" className="audio-dock-button" aria-label="关闭播放器" onClick={close}>
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}
