// Back closes the overlay on top before it leaves the screen (decision 034). Each open overlay has a history
// entry of its own: the screen's URL and React Router's state, with a mark. React Router never sees these
// entries: the popstate of a step to or from one is taken here first (a capture listener on window runs before
// React Router's own) and stopped.

const MARK = "overlay";

interface Entry {
  /** 0 for a screen's own entry; else the overlay's mark (increasing, across reloads too). */
  mark: number;
  /** React Router's history index, which an overlay's entry shares with its screen's. */
  idx: unknown;
}

interface Layer {
  mark: number;
  close: () => void;
}

const layers: Layer[] = [];
let lastMark = 0;
/** The entry the app is on. */
let here: Entry = { mark: 0, idx: undefined };

function entryOf(state: unknown): Entry {
  const s = state as { [MARK]?: unknown; idx?: unknown } | null;
  return { mark: typeof s?.[MARK] === "number" ? s[MARK] : 0, idx: s?.idx };
}

function onPopState(event: PopStateEvent) {
  const from = here;
  const to = (here = entryOf(event.state));
  const top = layers.at(-1);
  if (top && from.mark === top.mark && to.mark < from.mark) {
    // Back from the overlay on top: it closes, the screen stays.
    event.stopImmediatePropagation();
    layers.pop();
    top.close();
    return;
  }
  if (from.idx === to.idx && from.mark !== to.mark) {
    // A step onto or off the entry of an overlay that is no longer open (it closed by itself, or a reload
    // closed it): the screen is the same, so the step goes on to where the person meant to go.
    event.stopImmediatePropagation();
    if (to.mark < from.mark) window.history.back();
    else window.history.forward();
  }
}

/**
 * React Router's own moves, seen from an overlay's entry. A push takes that entry's place, so back from the
 * next screen goes to the screen the overlay was on, once. A replace keeps the mark, so the screen's entry
 * below is stepped over (above).
 */
function watchRouterMoves(history: History) {
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  native = { push, replace };
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
    if (entryOf(history.state).mark) replace(state, unused, url);
    else push(state, unused, url);
    here = entryOf(history.state);
  };
  history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
    const { mark } = entryOf(history.state);
    replace(mark && typeof state === "object" ? { ...state, [MARK]: mark } : state, unused, url);
    here = entryOf(history.state);
  };
}

/** The browser's own pushState and replaceState, for the overlays' entries. */
let native: { push: History["pushState"]; replace: History["replaceState"] } | undefined;

if (typeof window !== "undefined") {
  watchRouterMoves(window.history);
  here = entryOf(window.history.state);
  window.addEventListener("popstate", onPopState, { capture: true });
}

/**
 * Gives a newly opened overlay a history entry of its own; returns what to call once it has closed by itself.
 * That entry is then left over, not taken off with `history.back()`: a back asked by the app lands whenever the
 * browser gets to it, and an answer that navigates (logging out) raced it and was undone (CI, twice). A leftover
 * costs nothing: the next push or overlay takes its place, and a back from it is continued (onPopState).
 */
export function pushOverlayEntry(close: () => void): () => void {
  const mark = (lastMark = Math.max(Date.now(), lastMark + 1));
  const state = { ...(window.history.state as object | null), [MARK]: mark };
  // On a leftover entry, the new one takes its place.
  if (here.mark && !layers.some((l) => l.mark === here.mark)) native!.replace(state, "");
  else native!.push(state, "");
  here = entryOf(state);
  layers.push({ mark, close });
  return () => {
    const i = layers.findIndex((l) => l.mark === mark);
    if (i >= 0) layers.splice(i, 1);
  };
}

/** The overlays close for a navigation: their entries are left to it (a push takes their place). */
function dropOverlayEntries() {
  layers.length = 0;
}

// Overlays belong to the screen they were opened on: back closes the one on top first (decision 034), and a
// navigation closes them all.
const onNavigation = new Set<() => void>();
let dialogsLoaded = false;

/** Called by overlays.ts once loaded, from a route or from feedback.ts. */
export function overlaysLoaded() {
  dialogsLoaded = true;
}

/**
 * An overlay just opened: `close` closes it on back (it has a history entry of its own) and when the app
 * navigates. Returns what to call once it has closed by itself (its button, an answer, its mask).
 */
export function trackOverlay(close: () => void): () => void {
  onNavigation.add(close);
  const forgetEntry = pushOverlayEntry(close);
  return () => {
    onNavigation.delete(close);
    forgetEntry();
  };
}

/** Closes every tracked overlay for a navigation; true when antd-mobile's dialogs are loaded (to clear them too). */
export function closeTrackedOverlays(): boolean {
  dropOverlayEntries();
  const closers = [...onNavigation];
  onNavigation.clear();
  for (const close of closers) close();
  return dialogsLoaded;
}
