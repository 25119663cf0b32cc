import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/**
 * Windowing for a list of equal-height rows scrolled by the window: which rows are near the viewport.
 * The row height is measured from a rendered row (it follows the screen width), so nothing is guessed.
 * NOTE: written here rather than taken from a virtual-list library because the feed is on the first
 * screen and every kilobyte there counts (decision 008); equal rows make the arithmetic trivial.
 */
export function useWindowRows(count: number, { estimate, overscan = 3 }: { estimate: number; overscan?: number }) {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [rowHeight, setRowHeight] = useState(estimate);
  // First render: the rows a phone screen shows, so the measured pass rarely has to add any.
  const [range, setRange] = useState(() => ({ start: 0, end: Math.min(count, Math.ceil((typeof window === "undefined" ? 800 : window.innerHeight) / estimate) + overscan) }));
  const top = useRef(0);
  const frame = useRef(0);

  const update = useCallback(() => {
    frame.current = 0;
    const h = rowHeight || estimate;
    const y = window.scrollY - top.current;
    const start = Math.max(0, Math.floor(y / h) - overscan);
    const end = Math.min(count, Math.ceil((y + window.innerHeight) / h) + overscan);
    setRange((r) => (r.start === start && r.end === end ? r : { start, end }));
  }, [count, rowHeight, estimate, overscan]);

  // Where the list starts changes as banners and notices above it load.
  useLayoutEffect(() => {
    if (!list) return;
    const measure = () => {
      top.current = list.getBoundingClientRect().top + window.scrollY;
      update();
    };
    measure();
    const ro = new ResizeObserver(measure);
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

  /** Ref for one rendered row: its height becomes the row height. */
  const measureRow = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const h = el.offsetHeight;
    if (h > 0) setRowHeight((old) => (Math.abs(old - h) > 0.5 ? h : old));
  }, []);

  return { listRef: setList, measureRow, rowHeight, start: range.start, end: Math.min(range.end, count) };
}
