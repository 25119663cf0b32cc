/** ▶ or ❚❚, drawn (a symbol renders differently on every phone). */
export function PlayIcon({ playing, size = 24 }: { playing: boolean; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="currentColor" aria-hidden>
      <path d={playing ? "M7 5h3.5v14H7zm6.5 0H17v14h-3.5z" : "M8 5.5v13l10.5-6.5z"} />
    </svg>
  );
}
