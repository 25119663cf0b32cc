import { describe, expect, it } from "vitest";
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

describe("resetAllStores", () => {
  it("returns every store to its initial state", () => {
    userStore.set((s) => {
      s.isLogin = true;
      s.token = "t";
    });
    globalStore.set((s) => {
      s.affCode = "X";
      s.navbarTitle = "标题";
      s.homeNoticeShown = true;
    });
    historyStore.set((s) => {
      s.history_stacks = ["/home", "/my"];
    });
    playerStore.set((s) => {
      s.autoplayMuted = false;
    });
    stackStore.set((s) => {
      s.api = "/api/x";
      s.params = { page: 2 };
    });
    resetAllStores();
    expect(userStore.get()).toEqual({ isLogin: false, u: null, token: "" });
    expect(globalStore.get()).toEqual({ config: null, affCode: "", navbarTitle: "", homeNoticeShown: false });
    expect(historyStore.get()).toEqual({ history_stacks: [] });
    expect(playerStore.get()).toEqual({ autoplayMuted: true });
    expect(stackStore.get()).toEqual({ api: "", params: {}, ids: [] });
  });
});
