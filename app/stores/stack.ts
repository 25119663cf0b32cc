import { createStore } from "./create-store.ts";

/**
 * The list a detail page was opened from, for previous/next: its api path and params, and the ids
 * loaded so far (kept in session storage, so a reload of the player keeps them).
 */
export const stackStore = createStore(
  { api: "", params: {} as Record<string, string | number>, ids: [] as number[] },
  { persist: { kind: "session", key: "stack" } },
);

export function openedFrom(api: string, params: Record<string, string | number>, ids: number[]) {
  stackStore.set((s) => {
    s.api = api;
    s.params = params;
    s.ids = ids;
  });
}
