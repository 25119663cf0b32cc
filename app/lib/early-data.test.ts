import { afterEach, describe, expect, it, vi } from "vitest";
import { startEarly, takeEarly } from "./early-data.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("early data", () => {
  it("hands the started load to the first taker only", async () => {
    const load = vi.fn(async () => "early");
    startEarly("k1", load);
    startEarly("k1", load); // already under way
    expect(load).toHaveBeenCalledTimes(1);
    expect(await takeEarly("k1", async () => "fresh")).toBe("early");
    expect(await takeEarly("k1", async () => "fresh")).toBe("fresh");
  });

  it("passes a failure on to the taker", async () => {
    startEarly("k2", () => Promise.reject(new Error("网络错误")));
    await expect(takeEarly("k2", async () => "fresh")).rejects.toThrow("网络错误");
  });

  it("loads afresh when the early data has gone stale", async () => {
    vi.useFakeTimers();
    startEarly("k3", async () => "early");
    vi.advanceTimersByTime(10_001);
    expect(await takeEarly("k3", async () => "fresh")).toBe("fresh");
  });
});
