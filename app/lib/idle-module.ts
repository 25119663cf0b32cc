import { useEffect, useState } from "react";

/**
 * A module a component draws its first frame without: loaded once the page is idle after the component mounts,
 * or at once when `now()` is called (a first touch). The hook gives it once loaded, and the same to later mounts
 * (decision 091). A failed load (offline) is tried again next time.
 */
export function idleModule<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const start = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return function useIdleModule(): [T | undefined, () => void] {
    // A function (a component) is kept as the state itself, not called as an updater.
    const [mod, setMod] = useState<T | undefined>(() => loaded);
    useEffect(() => {
      if (mod) return;
      let cancelled = false;
      const take = () => void start().then((m) => !cancelled && setMod(() => m), () => undefined);
      const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(take) : window.setTimeout(take, 200);
      return () => {
        cancelled = true;
        if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      };
    }, [mod]);
    const now = () => void start().then((m) => setMod(() => m), () => undefined);
    return [mod, now];
  };
}
