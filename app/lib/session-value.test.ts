import { afterEach, describe, expect, it, vi } from "vitest";
import { readSession, writeSession } from "./session-value.ts";

afterEach(() => vi.unstubAllGlobals());

describe("session values", () => {
  it("round-trips through session storage", () => {
    const items = new Map<string, string>();
    vi.stubGlobal("window", { sessionStorage: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) } });
    expect(readSession("k")).toBeNull();
    expect(writeSession("k", "1")).toBe(true);
    expect(readSession("k")).toBe("1");
  });

  it("reads null and reports a failed write when storage is full, blocked or missing", () => {
    const refuse = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    vi.stubGlobal("window", { sessionStorage: { getItem: refuse, setItem: refuse } });
    expect(readSession("k")).toBeNull();
    expect(writeSession("k", "1")).toBe(false);
    vi.stubGlobal("window", {
      get sessionStorage(): Storage {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
    });
    expect(readSession("k")).toBeNull();
    expect(writeSession("k", "1")).toBe(false);
    vi.unstubAllGlobals();
    expect(writeSession("k", "1")).toBe(false);
  });
});
