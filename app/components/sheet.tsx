import { lazy, Suspense, useState } from "react";
import type { SheetProps } from "./sheet-body.tsx";

// The sheet's code (its focus, Escape and back handling, and antd-mobile's Popup) loads when it first opens: every
// sheet opens on a tap, and the screens that offer one drew their first frame with it (decision 108).
const SheetBody = lazy(() => import("./sheet-body.tsx"));

/** A bottom sheet with a title and a close button (sheet-body.tsx). Nothing is rendered before it first opens. */
export function Sheet(props: SheetProps) {
  const [opened, setOpened] = useState(props.visible);
  if (props.visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SheetBody {...props} />
    </Suspense>
  );
}
