import { Activity, useContext, useLayoutEffect, useRef, type ReactNode } from "react";
import { UNSAFE_DataRouterStateContext, UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet } from "react-router";
import { stateField } from "#app/lib/location-state.ts";
import { userStore } from "#app/stores/user.ts";
import { useStore } from "#app/stores/use-store.ts";

export const MAX_KEPT_PAGES = 50;

/** Location state for a push that should open at a scroll position (a tab bar going back to a tab). */
export const scrollState = (y: number) => ({ scrollY: y });

interface Entry {
  element: ReactNode;
  routerState: React.ContextType<typeof UNSAFE_DataRouterStateContext>;
  location: React.ContextType<typeof UNSAFE_LocationContext>;
  scrollY: number;
}

function windowHistoryIndex(): number {
  if (typeof window === "undefined") return 0;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : 0;
}

/**
 * The history index of the current location: a push adds one, a replace keeps it, a pop returns to a
 * known one. NOTE: derived from the router's location, not read from history.state on every render,
 * because during a pending back navigation the browser's state is already ahead of the rendered location.
 */
function useHistoryIndex(locationKey: string, navigationType: "PUSH" | "POP" | "REPLACE"): number {
  const known = useRef(new Map<string, number>());
  const last = useRef<{ key: string; idx: number } | null>(null);
  if (last.current?.key === locationKey) return last.current.idx;
  let idx: number;
  const seen = known.current.get(locationKey);
  if (navigationType === "POP") idx = seen ?? windowHistoryIndex();
  else if (navigationType === "PUSH") idx = (last.current?.idx ?? windowHistoryIndex() - 1) + 1;
  else idx = last.current?.idx ?? windowHistoryIndex();
  known.current.set(locationKey, idx);
  last.current = { key: locationKey, idx };
  return idx;
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
  const cache = useRef(new Map<number, Entry>());
  const activeKey = useRef<number | null>(null);
  const pushedKey = useRef<string | null>(null);
  const token = useStore(userStore, (s) => s.token);
  const sessionToken = useRef(token);

  const key = useHistoryIndex(location.key, navigationType);
  const entries = cache.current;
  if (navigationType === "PUSH" && pushedKey.current !== location.key) {
    pushedKey.current = location.key;
    // A push discards the forward history, and with it the pages kept for it.
    for (const k of [...entries.keys()]) if (k >= key) entries.delete(k);
  }
  if (sessionToken.current !== token) {
    sessionToken.current = token;
    // Login and logout change whose data the kept pages show: going back must load them afresh.
    for (const k of [...entries.keys()]) if (k !== key) entries.delete(k);
  }
  const kept = entries.get(key);
  // The visible page always renders the current outlet: a replace (a form's answer) keeps its state.
  entries.delete(key);
  entries.set(key, { element: outlet, routerState, location: locationContext, scrollY: kept?.scrollY ?? 0 });
  while (entries.size > MAX_KEPT_PAGES) entries.delete(entries.keys().next().value!);

  useLayoutEffect(() => {
    const previous = activeKey.current;
    activeKey.current = key;
    // The first page keeps where the browser put it (and scrolling now would force a layout mid-commit).
    if (previous === key || previous === null) return;
    window.scrollTo(0, navigationType === "POP" ? (entries.get(key)?.scrollY ?? 0) : (stateField(location.state, "scrollY", "number") ?? 0));
  }, [key, navigationType, entries, location.state]);

  useLayoutEffect(() => {
    const onScroll = () => {
      const entry = activeKey.current === null ? undefined : entries.get(activeKey.current);
      if (entry) entry.scrollY = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [entries]);

  return (
    <>
      {[...entries.entries()].map(([k, entry]) => (
        <Activity key={k} mode={k === key ? "visible" : "hidden"}>
          <UNSAFE_DataRouterStateContext.Provider value={entry.routerState}>
            <UNSAFE_LocationContext.Provider value={entry.location}>{entry.element}</UNSAFE_LocationContext.Provider>
          </UNSAFE_DataRouterStateContext.Provider>
        </Activity>
      ))}
    </>
  );
}
