import Popup from "antd-mobile/es/components/popup";
import { useCallback, useId, type ReactNode, type RefObject } from "react";

export interface SheetProps {
  visible: boolean;
  onClose: () => void;
  title: ReactNode;
  className?: string;
  destroyOnClose?: boolean;
  children: ReactNode;
}

/** What a sheet draws (sheet.tsx holds its behaviour): antd-mobile's Popup with a title and a close button. */
export default function SheetBody({ visible, onClose, title, className = "", destroyOnClose, children, closeRef }: SheetProps & { closeRef: RefObject<HTMLButtonElement | null> }) {
  // The first time, the button comes with this code, after the sheet's effect: it takes the focus as it mounts.
  const closeMounted = useCallback(
    (el: HTMLButtonElement | null) => {
      closeRef.current = el;
      if (el) requestAnimationFrame(() => el.focus({ preventScroll: true }));
    },
    [closeRef],
  );
  const titleId = useId();
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
