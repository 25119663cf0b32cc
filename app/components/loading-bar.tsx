import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

export const LOADING_BAR_DELAY_MS = 200;
export const LOADING_BAR_DURATION_MS = 2000;

/** A thin bar at the top during navigation; only after 200 ms so fast navigations show nothing. */
export function LoadingBar() {
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), LOADING_BAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return <div className="loading-bar" role="progressbar" aria-label="加载中" style={{ animationDuration: `${LOADING_BAR_DURATION_MS}ms` }} />;
}
