import { lazy, Suspense, type ComponentProps } from "react";
import "./danmaku-bar.css";

// The bullets' code (their windows of calls, the send box, the settings sheet, the layer over the picture) is asked
// for as the player first draws: its send box is disabled until the video may start, after the poster (decision 112).
const Bullets = lazy(() => import("./danmaku-bar.tsx").then((m) => ({ default: m.DanmakuBar })));

/**
 * /player's bullet comments: the bar under the picture, and the layer over it drawn into `slot`. Until their code is
 * in, the bar's place is kept (its height), so nothing moves when it comes.
 */
export function DanmakuBar(props: ComponentProps<(typeof import("./danmaku-bar.tsx"))["DanmakuBar"]>) {
  return (
    <Suspense fallback={<div className="danmaku-bar" aria-busy="true" />}>
      <Bullets {...props} />
    </Suspense>
  );
}
