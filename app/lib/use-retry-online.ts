import { useEffect, useEffectEvent } from "react";

/** The first try again after the device says it is online, and the longest wait between tries. */
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 30_000;

/**
 * While `enabled` (an error the network caused is shown), calls `retry` when the device is back online, and again
 * after 2, 4, 8… up to 30 s while it says it is online: a phone's `online` often comes before its network works
 * (and a page worker may see the network back later than the page), so the one retry at `online` can fail for
 * the same reason, and nothing would try again. Nothing runs while the device says it is offline.
 */
export function useRetryOnline(enabled: boolean, retry: () => void) {
  const onRetry = useEffectEvent(retry);
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let wait = FIRST_RETRY_MS;
    const schedule = () => {
      window.clearTimeout(timer);
      if (!navigator.onLine) return;
      timer = window.setTimeout(() => {
        onRetry();
        wait = Math.min(wait * 2, LAST_RETRY_MS);
        schedule();
      }, wait);
    };
    const online = () => {
      wait = FIRST_RETRY_MS;
      onRetry();
      schedule();
    };
    const offline = () => window.clearTimeout(timer);
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    schedule();
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [enabled]);
}
