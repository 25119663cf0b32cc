import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Hydration starts in the task after the one that evaluated React DOM: two shorter tasks on the first
// screen's main thread instead of one long one (decision 013).
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);

// The overlays' code and the global config once the first screen is in, its own after the page's load; the tabs' code at the member's
// first touch, scroll or key (decisions 087 and 089): fetched at the first sign of use, it is not in the first
// load's bytes and tasks of a visitor who only looks. React Router imports this module dynamically: the load may
// have come first.
const GESTURES = ["pointerdown", "touchstart", "scroll", "keydown"] as const;
const prefetch = () => {
  void import("./lib/prefetch.ts").then((p) => {
    void p.prefetchOverlays();
    void p.warmConfig();
  });
  const start = () => {
    for (const type of GESTURES) window.removeEventListener(type, start, true);
    void import("./lib/prefetch.ts").then((p) => p.prefetchTabs());
  };
  for (const type of GESTURES) window.addEventListener(type, start, { capture: true, passive: true });
};
if (document.readyState === "complete") prefetch();
else window.addEventListener("load", prefetch, { once: true });
