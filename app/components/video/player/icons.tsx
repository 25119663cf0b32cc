// The player's icons: a path each, drawn in the text's colour at the text's size. Here the one its first frame draws
// (the play button before the controls); the controls' own are in control-icons.tsx, which loads with them.
export const icon = (d: string) =>
  function Icon() {
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true" width="1em" height="1em">
        <path d={d} fill="currentColor" />
      </svg>
    );
  };

export const PlayIcon = icon("M8 5v14l11-7z");
