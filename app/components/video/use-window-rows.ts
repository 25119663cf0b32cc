import { startTransition, useCallback, useEffect, useRef, useState } from "react";

/**
 * Windowing for a list of equal-height rows scrolled by the window: which rows are near the viewport.
 * The row height is measured from a rendered row (it follows the screen width), so nothing is guessed.
 * NOTE: written here rather than taken from a virtual-list library because the feed is on the first
 * screen and every kilobyte there counts (decision 008); equal rows make the arithmetic trivial.
 */
export function useWindowRows(count: number, { estimate, overscan = 3 }: { estimate: number; overscan?: number }) {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [rowHeight, setRowHeight] = useState(estimate);
  // First render: no rows. Where the list starts is only known after layout; the rows in view come in the
  // next task, so what is above the list and the rows commit and lay out separately (shorter tasks).
  const [range, setRange] = useState({ start: 0, end: 0 });

  const place = useCallback(
    (y: number) => {
      const h = rowHeight || estimate;
      const start = Math.max(0, Math.floor(y / h) - overscan);
      // Never before `start`: a list still far below the viewport has no row in view (a negative end would slice from the back).
      const end = Math.max(start, Math.min(count, Math.ceil((y + window.innerHeight) / h) + overscan));
      setRange((r) => (r.start === start && r.end === end ? r : { start, end }));
    },
    [count, rowHeight, estimate, overscan],
  );
  useListScroll(list, place);

  /** Ref for one rendered row: its height, as laid out, becomes the row height. */
  const measureRow = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      const h = entry?.borderBoxSize[0]?.blockSize ?? 0;
      if (h > 0) setRowHeight((old) => (Math.abs(old - h) > 0.5 ? h : old));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  return { listRef: setList, measureRow, rowHeight, start: range.start, end: Math.min(range.end, count) };
}

/**
 * Calls `place(y)`, y being how far the window is scrolled past the top of `list`, as the window scrolls or
 * resizes and as what is above the list changes height: the windowed lists' one source of where they are.
 */
export function useListScroll(list: HTMLElement | null, place: (y: number) => void) {
  const top = useRef(0);
  const frame = useRef(0);
  const update = useCallback(() => {
    frame.current = 0;
    place(window.scrollY - top.current);
  }, [place]);

  // Where the list starts changes as banners and notices above it load. Measured from a ResizeObserver
  // (which also fires once at the start), after layout: reading it during a commit would force one.
  useEffect(() => {
    if (!list) return;
    const ro = new ResizeObserver(() => {
      top.current = list.getBoundingClientRect().top + window.scrollY;
      // Not urgent (the first rows in view, the list moving as what is above it loads): React renders them
      // in slices it can yield between, where an urgent update would be one long task. Scrolling stays urgent.
      startTransition(update);
    });
    ro.observe(document.body);
    return () => ro.disconnect();
  }, [list, update]);

  useEffect(() => {
    const onScroll = () => {
      if (!frame.current) frame.current = requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [update]);
}
