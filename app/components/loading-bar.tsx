import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

export const LOADING_BAR_DELAY_MS = 200;
export const LOADING_BAR_DURATION_MS = 2000;

/** A thin bar at the top during navigation; only after 200 ms so fast navigations show nothing. */
export function LoadingBar() {
  const busy = useNavigation().state !== "idle";
  // Set by the delay's timer; a navigation that ends takes it back, in the render that sees it end.
  const [late, setLate] = useState(false);
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setLate(false);
  }
  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setLate(true), LOADING_BAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  if (!busy || !late) return null;
  return <div className="loading-bar" role="progressbar" aria-label="加载中" style={{ animationDuration: `${LOADING_BAR_DURATION_MS}ms` }} />;
}
