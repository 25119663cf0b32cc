import { startTransition, StrictMode } from "react";
import { HydratedRouter } from "react-router/dom";

// React DOM's client is evaluated in a task of its own and hydration starts in the next one: the first
// screen's main thread work comes in shorter tasks (decision 013).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void import("react-dom/client").then(async ({ hydrateRoot }) => {
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
