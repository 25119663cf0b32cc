import { produce, type Draft } from "immer";
import { localStore, sessionStore, type StorageKind } from "#app/lib/safe-storage.ts";

export interface StoreOptions<T> {
  /** Persist under this key in local or session storage. */
  persist?: { kind: StorageKind; key: string };
  /** Fields written to storage (default: all). */
  pick?: (state: T) => Partial<T>;
}

// Never throw: a refused write stays in this page's memory (safe-storage.ts).
const storage = (kind: StorageKind) => (kind === "local" ? localStore : sessionStore);

export interface Store<T> {
  get(): T;
  set(recipe: (draft: Draft<T>) => void): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
  /** The state before any change: what the build-time render saw. */
  readonly initial: T;
}

/**
 * A tiny immer store, optionally persisted. Components read it with `useStore` (use-store.ts): this module
 * holds no React, so the starter chunk that runs before React DOM can use the stores (decisions 023 and 026).
 */
export function createStore<T extends object>(initial: T, opts: StoreOptions<T> = {}): Store<T> {
  const listeners = new Set<() => void>();
  const load = (): T => {
    const raw = opts.persist ? storage(opts.persist.kind).getItem(opts.persist.key) : null;
    if (!raw) return initial;
    try {
      return { ...initial, ...(JSON.parse(raw) as Partial<T>) };
    } catch {
      return initial;
    }
  };
  let state = load();
  let saved: string | undefined;
  const save = () => {
    if (!opts.persist) return;
    // Only what changed is written: a store set many times a second (the audio clock) may persist fields that are not.
    const json = JSON.stringify(opts.pick ? opts.pick(state) : state);
    if (json !== saved) storage(opts.persist.kind).setItem(opts.persist.key, json);
    saved = json;
  };
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => state,
    set(recipe) {
      state = produce(state, recipe);
      save();
      emit();
    },
    reset() {
      state = initial;
      saved = undefined;
      if (opts.persist) storage(opts.persist.kind).removeItem(opts.persist.key);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initial,
  };
}
