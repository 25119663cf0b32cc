import Popup from "antd-mobile/es/components/popup";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { trackOverlay } from "#app/lib/overlay-history.ts";

// A sheet opens on a tap: this module and antd-mobile's Popup, with its animation and gesture libraries, load then
// (or when the first screen is idle, decisions 087 and 108), not with the screen.

export interface SheetProps {
  visible: boolean;
  onClose: () => void;
  title: ReactNode;
  className?: string;
  destroyOnClose?: boolean;
  children: ReactNode;
}

/**
 * A bottom sheet with a title and a close button. antd-mobile's Popup closes only on a tap on its mask (its
 * own close icon is not focusable): this one also closes on Escape and its button, takes the focus when it
 * opens and gives it back to what opened it. Back and a navigation close it. Mounted (sheet.tsx) once it first opens.
 */
export default function SheetBody({ visible, onClose, title, className = "", destroyOnClose, children }: SheetProps) {
  const close = useRef<HTMLButtonElement>(null);
  // The first time, the button comes with the Popup's code, after the effect below: it takes the focus as it mounts.
  const closeMounted = useCallback((el: HTMLButtonElement | null) => {
    close.current = el;
    if (el) requestAnimationFrame(() => el.focus({ preventScroll: true }));
  }, []);
  const titleId = useId();
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
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={`sheet ${className}`} destroyOnClose={destroyOnClose}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="sheet-head">
          <h2 id={titleId} className="block-title">
            {title}
          </h2>
          <button ref={closeMounted} type="button" className="sheet-close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </Popup>
  );
}
