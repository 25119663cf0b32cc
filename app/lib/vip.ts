const DAY_MS = 86_400_000;

/** A gateway time (`YYYY-MM-DD hh:mm:ss`, UTC) in ms; NaN for anything else (an empty end: never VIP). */
const gatewayMs = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
};

/**
 * When VIP would end after buying `days` more, as the gateway counts (decision 064): from the current end while it
 * is ahead of `now`, else from `now`. Answered as a gateway time, for `formatTime`.
 */
export function vipEndAfter(currentEnd: string, days: number, now: number): string {
  const end = gatewayMs(currentEnd);
  const from = end > now ? end : now;
  return new Date(from + days * DAY_MS).toISOString().replace("T", " ").slice(0, 19);
}
