import { Activity, useContext, useLayoutEffect, useRef, type ReactNode } from "react";
import { UNSAFE_DataRouterStateContext, UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet } from "react-router";

export const MAX_KEPT_PAGES = 50;

interface Entry {
  element: ReactNode;
  routerState: React.ContextType<typeof UNSAFE_DataRouterStateContext>;
  location: React.ContextType<typeof UNSAFE_LocationContext>;
  scrollY: number;
}

/**
 * Keeps pages alive per history entry (at most 50) with React's <Activity>: going back shows the page
 * as it was, state and scroll included. A hidden page sees the router as it was when it was shown.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const locationContext = useContext(UNSAFE_LocationContext);
  const cache = useRef(new Map<string, Entry>());
  const activeKey = useRef<string | null>(null);

  const key = location.key;
  const existing = cache.current.get(key);
  // A new entry, or a replace/push that reused a key, renders fresh; back and forward reuse the kept page.
  if (!existing || navigationType !== "POP") {
    cache.current.delete(key);
    cache.current.set(key, { element: outlet, routerState, location: locationContext, scrollY: 0 });
  } else {
    existing.routerState = routerState;
    existing.location = locationContext;
    // Re-insert to mark as most recently used.
    cache.current.delete(key);
    cache.current.set(key, existing);
  }
  while (cache.current.size > MAX_KEPT_PAGES) cache.current.delete(cache.current.keys().next().value!);

  useLayoutEffect(() => {
    const previous = activeKey.current;
    activeKey.current = key;
    if (previous === key) return;
    const entry = cache.current.get(key)!;
    window.scrollTo(0, navigationType === "POP" ? entry.scrollY : 0);
  }, [key, navigationType]);

  useLayoutEffect(() => {
    const onScroll = () => {
      const entry = activeKey.current ? cache.current.get(activeKey.current) : undefined;
      if (entry) entry.scrollY = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <>
      {[...cache.current.entries()].map(([k, entry]) => (
        <Activity key={k} mode={k === key ? "visible" : "hidden"}>
          <UNSAFE_DataRouterStateContext.Provider value={entry.routerState}>
            <UNSAFE_LocationContext.Provider value={entry.location}>{entry.element}</UNSAFE_LocationContext.Provider>
          </UNSAFE_DataRouterStateContext.Provider>
        </Activity>
      ))}
    </>
  );
}
