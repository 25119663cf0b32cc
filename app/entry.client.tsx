import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { whenOnline } from "./lib/connectivity.ts";
import { firstUse } from "./lib/idle.ts";

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

// The tabs' code, the overlays' code and the global config at the member's first touch, scroll or key (decisions
// 087, 089 and 093): fetched and run at the first sign of use, they are not in the first load's bytes and tasks of a
// visitor who only looks, and they come before the tap that needs them. React Router imports this module
// dynamically: the first use may have come first.
// Offline, a preload fails and the browser keeps the failure for the module: the next import of it would fail too.
void firstUse()
  .then(whenOnline)
  .then(() => import("./lib/prefetch.ts"))
  .then((p) => {
    void p.prefetchOverlays();
    void p.warmConfig();
    void p.prefetchTabs();
  });
