// The reader's arithmetic, pure: pages of a chapter laid out in CSS columns, where a tap turns to, and the
// position (the fraction of the chapter read) that survives a change of font size or screen.

/** Pages of a chapter laid out in columns `pageWidth` wide with `gap` between them, `scrollWidth` in all. */
export function pageCount(scrollWidth: number, pageWidth: number, gap: number): number {
  if (pageWidth <= 0) return 1;
  // The last column has no gap after it; rounding absorbs sub-pixel widths.
  return Math.max(1, Math.round((scrollWidth + gap) / (pageWidth + gap)));
}

/** The fraction of the chapter read when page `page` (from 0) of `pages` is shown: where it starts. */
export function positionOfPage(page: number, pages: number): number {
  if (pages <= 1) return 0;
  return clamp(page, 0, pages - 1) / pages;
}

/** The page showing position `position` (0–1) in a chapter of `pages` pages; 1 is the last page. */
export function pageOfPosition(position: number, pages: number): number {
  if (!Number.isFinite(position) || pages <= 1) return 0;
  // A hair of slack: a position saved at a page's start comes back to that page despite float rounding.
  return clamp(Math.floor(position * pages + 1e-6), 0, pages - 1);
}

/** Where a turn leads: another page of this chapter, or past its first or last page into the previous or next one. */
export type Turn = { to: "page"; page: number } | { to: "prev-chapter" } | { to: "next-chapter" } | { to: "none" };

/** Turns one page back (-1) or forward (+1) from `page` of `pages`, given whether there are chapters before and after. */
export function turn(page: number, pages: number, step: -1 | 1, near: { prev: boolean; next: boolean }): Turn {
  const target = page + step;
  if (target < 0) return near.prev ? { to: "prev-chapter" } : { to: "none" };
  if (target >= pages) return near.next ? { to: "next-chapter" } : { to: "none" };
  return { to: "page", page: target };
}

/** The tap zones: the left third turns back, the right third forward, the middle opens the menu. */
export function tapZone(x: number, width: number): "prev" | "menu" | "next" {
  if (width <= 0) return "menu";
  if (x < width / 3) return "prev";
  if (x > (width * 2) / 3) return "next";
  return "menu";
}

/** A chapter's text as paragraphs: one per line, blank lines dropped. */
export const paragraphsOf = (content: string): string[] =>
  content
    .split("\n")
    .map((p) => p.trim())
    .filter(Boolean);

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
