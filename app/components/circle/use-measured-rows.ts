import { useCallback, useMemo, useRef, useState } from "react";
import { useListScroll } from "#app/components/video/use-window-rows.ts";

interface Options<T> {
  /** What tells rows apart: a row's measured height stays with it when rows come before it (a refresh). */
  rowKey: (item: T) => string | number;
  /** Rows of one kind are alike in height: a row not drawn yet counts as the average of its kind's drawn ones. */
  rowKind: (item: T) => string;
  /** A row's height before any of its kind is measured (px). */
  estimate: number;
  overscan?: number;
}

/**
 * Windowing for a list of rows of their own heights scrolled by the window: which rows are near the viewport,
 * and the room the rows before and after them take. Every row drawn is measured (it follows the screen width and
 * its content), and remembered: the rows above the viewport keep their place, so the list comes back to where it
 * was left. Rows never drawn count as their kind's average (`rowKind`).
 */
export function useMeasuredRows<T>(items: readonly T[], { rowKey, rowKind, estimate, overscan = 3 }: Options<T>) {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  // First render: no rows (as `useWindowRows`): the rows in view come once the list's place is known.
  const [range, setRange] = useState({ start: 0, end: 0 });

  /** `offsets[i]`: where row i starts, from the list's top; `offsets[items.length]`: the list's height. */
  const offsets = useMemo(() => {
    const measured = new Map<string, { sum: number; count: number }>();
    for (const item of items) {
      const h = heights.get(String(rowKey(item)));
      if (h === undefined) continue;
      const kind = measured.get(rowKind(item)) ?? { sum: 0, count: 0 };
      measured.set(rowKind(item), { sum: kind.sum + h, count: kind.count + 1 });
    }
    const out = [0];
    for (const item of items) {
      const kind = measured.get(rowKind(item));
      out.push(out.at(-1)! + (heights.get(String(rowKey(item))) ?? (kind ? kind.sum / kind.count : estimate)));
    }
    return out;
  }, [items, heights, rowKey, rowKind, estimate]);

  const place = useCallback(
    (y: number) => {
      const count = offsets.length - 1;
      const start = Math.max(0, rowAt(offsets, y) - overscan);
      const end = Math.max(start, Math.min(count, rowAt(offsets, y + window.innerHeight) + 1 + overscan));
      setRange((r) => (r.start === start && r.end === end ? r : { start, end }));
    },
    [offsets, overscan],
  );
  useListScroll(list, place);

  // One observer for every row drawn; a row names itself by `data-row-key`.
  const observer = useRef<ResizeObserver | null>(null);
  /** Ref for every rendered row (with `data-row-key`): its laid-out height is remembered for its key. */
  const measureRow = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    observer.current ??= new ResizeObserver((entries) =>
      setHeights((old) => {
        let next: Map<string, number> | null = null;
        for (const entry of entries) {
          const h = entry.borderBoxSize[0]?.blockSize ?? 0;
          const key = (entry.target as HTMLElement).dataset.rowKey;
          // A hidden page (kept alive, display: none) measures 0: its rows keep their heights.
          if (key !== undefined && h > 0 && Math.abs((old.get(key) ?? 0) - h) > 0.5) (next ??= new Map(old)).set(key, h);
        }
        return next ?? old;
      }),
    );
    const ro = observer.current;
    ro.observe(el);
    return () => ro.unobserve(el);
  }, []);

  const end = Math.min(range.end, items.length);
  const start = Math.min(range.start, end);
  return { listRef: setList, measureRow, start, end, before: offsets[start]!, after: offsets[items.length]! - offsets[end]! };
}

/** The row at `y` (px from the list's top): the first whose bottom is below it; `offsets.length - 1` past the end. */
function rowAt(offsets: readonly number[], y: number): number {
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1]! > y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
