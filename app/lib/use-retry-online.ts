import { useEffect } from "react";

/** While `enabled`, calls `retry` when the device is back online: an error page that the network caused tries again. */
export function useRetryOnline(enabled: boolean, retry: () => void) {
  useEffect(() => {
    if (!enabled) return;
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [enabled, retry]);
}
