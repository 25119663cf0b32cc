import { stateField } from "#app/lib/location-state.ts";
import { createStore } from "./create-store.ts";

/** A list a player was opened from: its api path and params, the ids loaded so far, and whether it has more. */
export interface Stack {
  api: string;
  params: Record<string, string | number>;
  ids: number[];
  hasMore: boolean;
}

const MAX_STACKS = 10;

/**
 * The lists players were opened from, for previous/next, by the opening feed's key (kept in session
 * storage, so a reload of the player keeps them). A player's history entry names its list in its location
 * state (`{ stack: key }`), so going back to an earlier player finds that player's own list.
 */
export const stackStore = createStore({ stacks: {} as Record<string, Stack>, order: [] as string[] }, { persist: { kind: "session", key: "stacks" } });

export function openedFrom(key: string, stack: Stack) {
  stackStore.set((s) => {
    s.stacks[key] = stack;
    s.order = [...s.order.filter((k) => k !== key), key];
    while (s.order.length > MAX_STACKS) delete s.stacks[s.order.shift()!];
  });
}

/** More of a list, loaded from the player; `hasMore` false once the list answers nothing new. */
export function extendStack(key: string, ids: number[], hasMore: boolean) {
  stackStore.set((s) => {
    const stack = s.stacks[key];
    if (!stack) return;
    stack.ids.push(...ids.filter((id) => !stack.ids.includes(id)));
    stack.hasMore = hasMore;
  });
}

/** The location state a link to the player carries to name its list. */
export const stackState = (key: string) => ({ stack: key });
export const stackKeyOf = (state: unknown) => stateField(state, "stack", "string");
