const ZH_UNITS: [number, string][] = [
  [1e12, "兆"],
  [1e8, "亿"],
  [1e6, "百万"],
  [1e4, "万"],
  [1e3, "千"],
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

/** 1234 → "1.2千", 12345 → "1.2万" (zh) or "12.3k" (en); one decimal, truncated, never rounded up. */
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
