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

// The tabs' and the overlays' code once the first screen is in (decision 087), its own after the page's load. React
// Router imports this module dynamically: the load may have come first.
const prefetch = () => void import("./lib/prefetch.ts").then((p) => p.prefetchAfterFirstScreen());
if (document.readyState === "complete") prefetch();
else window.addEventListener("load", prefetch, { once: true });
