import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";

const PullRefresh = lazy(() => import("#app/components/pull-refresh.tsx"));

/**
 * `children` under pull-to-refresh, whose gesture and animation libraries load at the first touch, not with the
 * first screen (decision 087): until then, and while they load, the children stand alone.
 */
export function PullRefreshOnTouch({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const go = () => setReady(true);
    window.addEventListener("touchstart", go, { once: true, passive: true });
    return () => window.removeEventListener("touchstart", go);
  }, [ready]);
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <PullRefresh onRefresh={onRefresh}>{children}</PullRefresh>
    </Suspense>
  );
}
