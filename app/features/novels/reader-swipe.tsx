import { useDrag, type Handler } from "@use-gesture/react";
import type { RefObject } from "react";

/**
 * The reader's swipe, bound to its element: a module of its own with use-gesture (8.5 KB gzip), which the reader
 * loads once its first page is idle or at the first touch (decision 091). No pointer capture: a click on a menu
 * button would go to the reader instead. NOTE: no filterTaps: it swallows the click of a tap right after a swipe.
 */
export default function ReaderSwipe({ target, onDrag }: { target: RefObject<HTMLElement | null>; onDrag: Handler<"drag"> }) {
  useDrag(onDrag, { target, pointer: { capture: false } });
  return null;
}
