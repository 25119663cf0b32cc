import { PullToRefresh } from "antd-mobile";
import { useEffect, useState, type ReactNode } from "react";

/**
 * antd-mobile's PullToRefresh with the app's texts. It renders once more after mounting: in this app its
 * first render's state updates are lost (the gesture runs and nothing moves, in a list's first screen as in
 * a feed's), and from the second render on it works.
 */
export default function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const [, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the render after mounting is the point (see above)
  useEffect(() => setMounted(true), []);
  return (
    <PullToRefresh onRefresh={onRefresh} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="刷新中…" completeText="刷新成功">
      {children}
    </PullToRefresh>
  );
}
