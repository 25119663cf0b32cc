// The product's units are 千, 万, 百万, 亿 and 兆, but a Chinese reader counts in 万 and 亿: 7200, not 7.2千;
// 190万, not 1.9百万. Each magnitude takes the unit a reader expects, which 千 and 百万 never are.
const ZH_UNITS: [number, string][] = [
  [1e12, "兆"],
  [1e8, "亿"],
  [1e4, "万"],
];
const EN_UNITS: [number, string][] = [
  [1e12, "T"],
  [1e9, "G"],
  [1e6, "M"],
  [1e3, "k"],
];

function oneDecimal(n: number): string {
  const fixed = (Math.floor(n * 10) / 10).toFixed(1);
  return fixed.endsWith(".0") ? fixed.slice(0, -2) : fixed;
}

/** 7200 → "7200", 1 900 000 → "190万", 250 000 000 → "2.5亿" (zh) or "1.9M" (en); one decimal, truncated, never rounded up. */
export function formatCount(value: number | string | null | undefined, locale: "zh" | "en" = "zh"): string {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n)) return "0";
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  for (const [size, unit] of locale === "zh" ? ZH_UNITS : EN_UNITS) {
    if (abs >= size) return `${sign}${oneDecimal(abs / size)}${unit}`;
  }
  return `${sign}${oneDecimal(abs)}`;
}

/** 75 → "01:15", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A gateway time (`YYYY-MM-DD hh:mm:ss`, UTC; protocol §9) as every screen shows a time: in the phone's time zone,
 * `11-25 16:06` this year, `2025-11-25 16:06` another year (decision 060). Anything else is shown as it came.
 */
export function formatTime(value: string, now: Date = new Date()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return value;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)));
  const time = `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getFullYear() === now.getFullYear() ? time : `${d.getFullYear()}-${time}`;
}
