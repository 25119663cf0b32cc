import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

const POLL_MS = 60_000;
let pendingReload = false;
let applyServiceWorker: (() => Promise<void>) | undefined;

export function markUpdateReady(apply?: () => Promise<void>) {
  pendingReload = true;
  if (apply) applyServiceWorker = apply;
}

async function checkVersion() {
  try {
    const res = await fetch("/version.json", { cache: "no-store" });
    if (!res.ok) return;
    const { buildId } = (await res.json()) as { buildId?: string };
    if (buildId && buildId !== __BUILD_ID__) markUpdateReady();
  } catch {
    /* offline: try again later */
  }
}

/**
 * Notices a new deployment (build metadata poll or a waiting service worker) and applies it on the
 * next navigation, never in the middle of what the user is doing.
 */
export function useDeploymentUpdates() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const timer = window.setInterval(checkVersion, POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void checkVersion();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!pendingReload) return;
    pendingReload = false;
    if (applyServiceWorker) void applyServiceWorker();
    else window.location.reload();
  }, [location.key]);
}
