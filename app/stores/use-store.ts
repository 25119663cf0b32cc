import { useSyncExternalStore } from "react";
import type { Store } from "./create-store.ts";

/** Subscribes a component to a slice of a store; return state slices or primitives, not new objects. */
export function useStore<T, S>(store: Store<T>, selector: (state: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.initial),
  );
}
