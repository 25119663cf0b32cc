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

  it("asks again when the early start failed, as the loader would have asked (decision 088)", async () => {
    startEarly("k2", () => Promise.reject(new Error("网络错误")));
    expect(await takeEarly("k2", async () => "fresh")).toBe("fresh");
  });

  it("fails as the loader's own call fails when both fail", async () => {
    startEarly("k4", () => Promise.reject(new Error("网络错误")));
    await expect(takeEarly("k4", () => Promise.reject(new Error("视频不存在")))).rejects.toThrow("视频不存在");
  });

  it("starts nothing once its loader has asked: a late early start has no one to take it", async () => {
    expect(await takeEarly("k5", async () => "loader")).toBe("loader");
    const late = vi.fn(async () => "late");
    startEarly("k5", late);
    expect(late).not.toHaveBeenCalled();
  });

  it("loads afresh when the early data has gone stale", async () => {
    vi.useFakeTimers();
    startEarly("k3", async () => "early");
    vi.advanceTimersByTime(10_001);
    expect(await takeEarly("k3", async () => "fresh")).toBe("fresh");
  });
});
