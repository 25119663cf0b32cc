import { paint } from "./output.ts";

const human = (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(0)} KB` : `${n} B`);

/** A one-line progress bar on a TTY (stderr); silent when piped. */
export function progressBar(label: string) {
  const tty = process.stderr.isTTY;
  const started = Date.now();
  let first: number | undefined;
  return {
    update(sent: number, total: number) {
      first ??= sent;
      if (!tty) return;
      const ratio = total ? sent / total : 1;
      const width = 24;
      const filled = Math.round(ratio * width);
      const seconds = (Date.now() - started) / 1000;
      const rate = seconds > 0 ? (sent - first) / seconds : 0;
      process.stderr.write(
        `\r${label} ${paint("cyan", "█".repeat(filled))}${"░".repeat(width - filled)} ${(ratio * 100).toFixed(0).padStart(3)}% ${human(sent)}/${human(total)} ${human(rate)}/s `,
      );
    },
    done() {
      if (tty) process.stderr.write("\n");
    },
    human,
  };
}
