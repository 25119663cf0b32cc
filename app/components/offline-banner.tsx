import { useSyncExternalStore } from "react";
import { isOnline, subscribeConnectivity } from "#app/lib/connectivity.ts";

const useOnline = () => useSyncExternalStore(subscribeConnectivity, isOnline, () => true);

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      网络已断开，已缓存的页面仍可浏览，其他内容将在恢复连接后加载
    </div>
  );
}
