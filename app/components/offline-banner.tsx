import { NoticeBar } from "antd-mobile";
import { useSyncExternalStore } from "react";

function subscribe(callback: () => void) {
  window.addEventListener("online", callback);
  window.addEventListener("offline", callback);
  return () => {
    window.removeEventListener("online", callback);
    window.removeEventListener("offline", callback);
  };
}

export function useOnline() {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return <NoticeBar className="offline-banner" color="alert" content="网络已断开，已缓存的页面仍可浏览，其他内容将在恢复连接后加载" />;
}
