// How a content command tells the operator what it does: one line per step on stderr (so that `--json` leaves stdout
// to the result), a bar with the percentage and the time left while a long step runs on a terminal, and the result
// last: a few lines, or one JSON document with `--json`.

export interface Reporter {
  /** A step begins. */
  step(text: string): void;
  /** How far a long step is (0–1), and the seconds it expects still to take when it knows. Drawn on a TTY only. */
  progress(fraction: number, secondsLeft?: number): void;
  /** The command's result: printed as JSON with `--json`, else as `lines`. */
  result(data: unknown, lines: readonly string[]): void;
}

const clock = (s: number) => {
  const t = Math.max(0, Math.round(s));
  return t >= 3600 ? `${Math.floor(t / 3600)}h${String(Math.floor((t % 3600) / 60)).padStart(2, "0")}m` : `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
};

export function reporter(json: boolean, err: NodeJS.WriteStream = process.stderr, out: NodeJS.WritableStream = process.stdout): Reporter {
  const tty = Boolean(err.isTTY) && !json;
  let barShown = false;
  const endBar = () => {
    if (barShown) err.write("\n");
    barShown = false;
  };
  return {
    step(text) {
      endBar();
      err.write(`${json ? "" : "› "}${text}\n`);
    },
    progress(fraction, secondsLeft) {
      if (!tty) return;
      const f = Math.min(Math.max(fraction, 0), 1);
      const width = 24;
      const filled = Math.round(f * width);
      const left = secondsLeft === undefined || !Number.isFinite(secondsLeft) ? "" : ` ${clock(secondsLeft)} left`;
      err.write(`\r  ${"█".repeat(filled)}${"░".repeat(width - filled)} ${(f * 100).toFixed(0).padStart(3)}%${left}   `);
      barShown = true;
    },
    result(data, lines) {
      endBar();
      out.write(json ? `${JSON.stringify(data, null, 2)}\n` : lines.map((l) => `${l}\n`).join(""));
    },
  };
}
