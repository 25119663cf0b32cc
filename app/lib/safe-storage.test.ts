import { afterEach, describe, expect, it, vi } from "vitest";
import { safeStorage } from "./safe-storage.ts";

afterEach(() => vi.unstubAllGlobals());

const mapStorage = (items = new Map<string, string>()) => ({
  items,
  getItem: (k: string) => items.get(k) ?? null,
  setItem: (k: string, v: string) => void items.set(k, v),
  removeItem: (k: string) => void items.delete(k),
});
const refuse = () => {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};

describe("safeStorage", () => {
  it("reads and writes the browser's storage when it can", () => {
    const local = mapStorage();
    vi.stubGlobal("window", { localStorage: local });
    const store = safeStorage("local");
    expect(store.getItem("k")).toBeNull();
    expect(store.setItem("k", "1")).toBe(true);
    expect(local.items.get("k")).toBe("1");
    expect(store.getItem("k")).toBe("1");
    store.removeItem("k");
    expect(local.items.has("k")).toBe(false);
  });

  it("remembers in memory what a full storage refuses, until a write takes again", () => {
    const session = { ...mapStorage(new Map([["k", "old"]])), setItem: refuse };
    vi.stubGlobal("window", { sessionStorage: session });
    const store = safeStorage("session");
    expect(store.setItem("k", "new")).toBe(false);
    expect(store.getItem("k")).toBe("new");
    // The storage has room again: the browser keeps the value, memory lets go of it.
    const roomy = mapStorage(new Map([["k", "old"]]));
    vi.stubGlobal("window", { sessionStorage: roomy });
    expect(store.setItem("k", "newer")).toBe(true);
    roomy.items.set("k", "from another tab");
    expect(store.getItem("k")).toBe("from another tab");
    store.removeItem("k");
    expect(store.getItem("k")).toBeNull();
  });

  it("works on memory alone when the browser blocks storage, or there is none", () => {
    vi.stubGlobal("window", {
      get localStorage(): Storage {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
    });
    const blocked = safeStorage("local");
    expect(blocked.getItem("k")).toBeNull();
    expect(blocked.setItem("k", "1")).toBe(false);
    expect(blocked.getItem("k")).toBe("1");
    blocked.removeItem("k");
    expect(blocked.getItem("k")).toBeNull();
    vi.unstubAllGlobals();
    const none = safeStorage("session");
    expect(none.setItem("k", "1")).toBe(false);
    expect(none.getItem("k")).toBe("1");
  });
});
