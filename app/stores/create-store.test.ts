import { afterEach, describe, expect, it, vi } from "vitest";
import { createStore } from "./create-store.ts";
import { globalStore, historyStore, playerStore, resetAllStores, stackStore, userStore } from "./index.ts";

describe("createStore", () => {
  it("updates immutably through immer drafts and notifies subscribers", () => {
    const store = createStore({ count: 0, tags: ["a"] });
    const before = store.get();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.set((s) => {
      s.count += 1;
      s.tags.push("b");
    });
    expect(store.get()).toEqual({ count: 1, tags: ["a", "b"] });
    expect(before).toEqual({ count: 0, tags: ["a"] });
    expect(Object.isFrozen(store.get())).toBe(true);
    unsubscribe();
    store.reset();
    expect(calls).toBe(1);
    expect(store.get()).toEqual({ count: 0, tags: ["a"] });
  });
});

describe("createStore persistence", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts from what it kept, writes the picked fields, and clears them on reset", () => {
    const items = new Map<string, string>([["k", JSON.stringify({ muted: false })]]);
    const local = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
    vi.stubGlobal("window", { localStorage: local });
    const store = createStore({ muted: true, volume: 1 }, { persist: { kind: "local", key: "k" }, pick: (s) => ({ muted: s.muted }) });
    expect(store.get()).toEqual({ muted: false, volume: 1 });
    store.set((s) => {
      s.muted = true;
      s.volume = 0.5;
    });
    expect(JSON.parse(items.get("k")!)).toEqual({ muted: true });
    store.reset();
    expect(items.has("k")).toBe(false);
  });

  it("keeps working in memory when storage refuses writes", () => {
    const refuse = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    vi.stubGlobal("window", { sessionStorage: { getItem: () => null, setItem: refuse, removeItem: refuse } });
    const store = createStore({ ids: [] as number[] }, { persist: { kind: "session", key: "stack" } });
    let calls = 0;
    store.subscribe(() => calls++);
    store.set((s) => {
      s.ids.push(1);
    });
    expect(store.get()).toEqual({ ids: [1] });
    store.reset();
    expect(store.get()).toEqual({ ids: [] });
    expect(calls).toBe(2);
  });
});

describe("resetAllStores", () => {
  it("returns every store to its initial state", () => {
    userStore.set((s) => {
      s.isLogin = true;
      s.token = "t";
    });
    globalStore.set((s) => {
      s.affCode = "X";
      s.navbarTitle = "标题";
    });
    historyStore.set((s) => {
      s.history_stacks = ["/home", "/my"];
    });
    playerStore.set((s) => {
      s.autoplayMuted = false;
    });
    stackStore.set((s) => {
      s.stacks.home = { api: "/api/x", params: { page: 2 }, ids: [1], hasMore: true };
      s.order = ["home"];
    });
    resetAllStores();
    expect(userStore.get()).toEqual({ isLogin: false, u: null, token: "" });
    expect(globalStore.get()).toEqual({ config: null, affCode: "", navbarTitle: "" });
    expect(historyStore.get()).toEqual({ history_stacks: [] });
    expect(playerStore.get()).toEqual({ autoplayMuted: true, rate: 1, quality: 0, autoplayNext: true });
    expect(stackStore.get()).toEqual({ stacks: {}, order: [] });
  });
});
