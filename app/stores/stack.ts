import { createStore } from "./create-store.ts";

/** The list a detail page was opened from (its api and params), for previous/next. */
export const stackStore = createStore(
  { api: "", params: {} as Record<string, unknown> },
  { persist: { kind: "session", key: "stack" } },
);
