import { Activity, useContext, useLayoutEffect, useRef, useState, type ReactNode } from "react";
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
}

/** What the outlet has seen: the pages it keeps, by history index, and the inputs they were kept from. */
interface Kept {
  locationKey: string | null;
  index: number;
  known: ReadonlyMap<string, number>;
  entries: ReadonlyMap<number, Entry>;
  token: string | null;
  visible: Entry | null;
}

interface Seen {
  locationKey: string;
  navigationType: "PUSH" | "POP" | "REPLACE";
  token: string | null;
  visible: Entry;
}

function windowHistoryIndex(): number {
  if (typeof window === "undefined") return 0;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : 0;
}

/**
 * The history index of a location: a push adds one, a replace keeps it, a pop returns to a known one.
 * NOTE: derived from the router's location, not read from history.state on every render, because during
 * a pending back navigation the browser's state is already ahead of the rendered location.
 */
function historyIndex(kept: Kept, locationKey: string, navigationType: Seen["navigationType"]): number {
  if (kept.locationKey === locationKey) return kept.index;
  const last = kept.locationKey === null ? null : kept.index;
  if (navigationType === "POP") return kept.known.get(locationKey) ?? windowHistoryIndex();
  if (navigationType === "PUSH") return (last ?? windowHistoryIndex() - 1) + 1;
  return last ?? windowHistoryIndex();
}

const sameEntry = (a: Entry | null, b: Entry) => a !== null && a.routerState === b.routerState && a.location === b.location;

/** The next `Kept` for what this render sees, or `kept` itself when nothing it depends on changed. */
function keep(kept: Kept, seen: Seen): Kept {
  const moved = kept.locationKey !== seen.locationKey;
  if (!moved && kept.token === seen.token && sameEntry(kept.visible, seen.visible)) return kept;
  const index = historyIndex(kept, seen.locationKey, seen.navigationType);
  const entries = new Map(kept.entries);
  // A push discards the forward history, and with it the pages kept for it.
  if (moved && seen.navigationType === "PUSH") for (const k of [...entries.keys()]) if (k >= index) entries.delete(k);
  // Login and logout change whose data the kept pages show: going back must load them afresh.
  if (kept.token !== seen.token) for (const k of [...entries.keys()]) if (k !== index) entries.delete(k);
  // The visible page always renders the current outlet: a replace (a form's answer) keeps its state.
  entries.delete(index);
  entries.set(index, seen.visible);
  while (entries.size > MAX_KEPT_PAGES) entries.delete(entries.keys().next().value!);
  const known = moved ? new Map(kept.known).set(seen.locationKey, index) : kept.known;
  return { locationKey: seen.locationKey, index, known, entries, token: seen.token, visible: seen.visible };
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
  const token = useStore(userStore, (s) => s.token);
  const visible: Entry = { element: outlet, routerState, location: locationContext };
  const [kept, setKept] = useState<Kept>(() => ({ locationKey: null, index: 0, known: new Map(), entries: new Map(), token, visible: null }));
  // Adjusted while rendering (React's pattern for state that follows its inputs), so the page being left is
  // kept in the same render that shows the next one.
  const next = keep(kept, { locationKey: location.key, navigationType, token, visible });
  if (next !== kept) setKept(next);
  const { index: key, entries } = next;

  const activeKey = useRef<number | null>(null);
  const scrolls = useRef(new Map<number, number>());

  useLayoutEffect(() => {
    // A page no longer kept starts at the top when it is built again.
    for (const k of [...scrolls.current.keys()]) if (!entries.has(k)) scrolls.current.delete(k);
  }, [entries]);

  useLayoutEffect(() => {
    const previous = activeKey.current;
    activeKey.current = key;
    // The first page keeps where the browser put it (and scrolling now would force a layout mid-commit).
    if (previous === key || previous === null) return;
    window.scrollTo(0, navigationType === "POP" ? (scrolls.current.get(key) ?? 0) : (stateField(location.state, "scrollY", "number") ?? 0));
  }, [key, navigationType, location.state]);

  useLayoutEffect(() => {
    const onScroll = () => {
      if (activeKey.current !== null) scrolls.current.set(activeKey.current, window.scrollY);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <>
      {[...entries.entries()].map(([k, kept]) => {
        const entry = k === key ? visible : kept;
        return (
          <Activity key={k} mode={k === key ? "visible" : "hidden"}>
            <UNSAFE_DataRouterStateContext.Provider value={entry.routerState}>
              <UNSAFE_LocationContext.Provider value={entry.location}>{entry.element}</UNSAFE_LocationContext.Provider>
            </UNSAFE_DataRouterStateContext.Provider>
          </Activity>
        );
      })}
    </>
  );
}
