import { describe, expect, it } from "vitest";
import { isChunkLoadError, shouldReloadForChunk } from "./chunk-reload.ts";

describe("chunk-load reload", () => {
  it("recognises chunk-load failures of the major browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("allows at most one reload per 10 s", () => {
    expect(shouldReloadForChunk(null, 1_000)).toBe(true);
    expect(shouldReloadForChunk(1_000, 10_999)).toBe(false);
    expect(shouldReloadForChunk(1_000, 11_000)).toBe(true);
  });
});
