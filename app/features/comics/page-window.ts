/** The most pages decoded at once: what is on screen and a few pages around it (decision 042). */
export const MAX_DECODED_PAGES = 12;
/** Pages kept above the first one on screen (scrolling back); the rest of the window is below. */
const BEHIND = 2;

/** Where each page starts, from its height (pages stacked with no gap). */
export function pageTops(heights: readonly number[]): number[] {
  const tops: number[] = [];
  let y = 0;
  for (const h of heights) {
    tops.push(y);
    y += h;
  }
  return tops;
}

/** The last page starting at or above `y` (0 when none). */
function pageAt(tops: readonly number[], y: number): number {
  let lo = 0;
  let hi = tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tops[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/**
 * The pages to keep decoded, `[start, end)`: those in the viewport (`y` to `y + height`, in the list's own
 * coordinates), `BEHIND` pages above, and pages below up to `max` in all.
 */
export function pageWindow(tops: readonly number[], y: number, height: number, max = MAX_DECODED_PAGES): { start: number; end: number } {
  const count = tops.length;
  if (!count) return { start: 0, end: 0 };
  const first = pageAt(tops, Math.max(0, y));
  const last = pageAt(tops, Math.max(0, y + height - 1));
  // Near the end the window reaches further back rather than shrinking; the pages on screen always fit.
  const start = Math.max(0, Math.min(first - BEHIND, count - max), last + 1 - max);
  return { start, end: Math.min(count, start + max) };
}
