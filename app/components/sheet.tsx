import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { trackOverlay } from "#app/lib/overlay-history.ts";
import type { SheetProps } from "./sheet-body.tsx";

// What the sheet draws (its title, its close button, antd-mobile's Popup with its animation and gesture libraries)
// loads when it first opens, or when the first screen is idle (decisions 087 and 108): every sheet opens on a tap.
const SheetBody = lazy(() => import("./sheet-body.tsx"));

/**
 * A bottom sheet with a title and a close button. antd-mobile's Popup closes only on a tap on its mask (its
 * own close icon is not focusable): this one also closes on Escape and its button, takes the focus when it
 * opens and gives it back to what opened it. Back and a navigation close it, from the tap that opens it on, its
 * drawing code loaded or not. Nothing is rendered before it first opens.
 */
export function Sheet(props: SheetProps) {
  const { visible, onClose } = props;
  const close = useRef<HTMLButtonElement | null>(null);
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  const latestOnClose = useRef(onClose);
  useLayoutEffect(() => {
    latestOnClose.current = onClose;
  });
  useEffect(() => {
    if (!visible) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && latestOnClose.current();
    document.addEventListener("keydown", onKey);
    const frame = requestAnimationFrame(() => close.current?.focus({ preventScroll: true }));
    // Like the other overlays: back closes it first (decision 034), and a navigation closes it, so the screen
    // is not found with it open when it is shown again (decision 024).
    const forget = trackOverlay(() => latestOnClose.current());
    return () => {
      forget();
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKey);
      opener?.focus({ preventScroll: true });
    };
  }, [visible]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SheetBody {...props} closeRef={close} />
    </Suspense>
  );
}
