import { useEffect, useState } from "react";
import { firstUse, whenIdle } from "./idle.ts";
import { importOnce } from "./import-once.ts";

/**
 * A module a component draws its first frame without: loaded when the page is idle after the component mounts
 * (`"idle"`), or at the member's first touch, scroll or key on the page (`"first-use"`, decision 093), or at once
 * when `now()` is called (a touch on the component). The hook gives it once loaded, and the same to later mounts
 * (decision 091). A failed load (offline) is tried again next time.
 */
export function idleModule<T>(load: () => Promise<T>, when: "idle" | "first-use" = "idle") {
  let loaded: T | undefined;
  const start = importOnce(() => load().then((m) => (loaded = m)));
  return function useIdleModule(): [T | undefined, () => void] {
    // A function (a component) is kept as the state itself, not called as an updater.
    const [mod, setMod] = useState<T | undefined>(() => loaded);
    useEffect(() => {
      if (mod) return;
      let cancelled = false;
      const take = () => void start().then((m) => !cancelled && setMod(() => m), () => undefined);
      let cancelIdle = () => {};
      if (when === "idle") cancelIdle = whenIdle(take);
      else void firstUse().then(() => !cancelled && (cancelIdle = whenIdle(take)));
      return () => {
        cancelled = true;
        cancelIdle();
      };
    }, [mod]);
    const now = () => void start().then((m) => setMod(() => m), () => undefined);
    return [mod, now];
  };
}
