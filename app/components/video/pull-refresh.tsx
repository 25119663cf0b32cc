import { PullToRefresh } from "antd-mobile";
import type { ReactNode } from "react";

export default function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  return (
    <PullToRefresh onRefresh={onRefresh} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="刷新中…" completeText="刷新成功">
      {children}
    </PullToRefresh>
  );
}
