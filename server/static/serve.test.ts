import { describe, expect, it } from "vitest";
import { takesBrotli } from "./serve.ts";

describe("takesBrotli", () => {
  it("reads Accept-Encoding as browsers and tools send it", () => {
    expect(takesBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(takesBrotli("BR;q=0.5")).toBe(true);
    expect(takesBrotli("gzip, br;q=0")).toBe(false);
    expect(takesBrotli("br;q=0.000")).toBe(false);
    expect(takesBrotli("gzip, deflate")).toBe(false);
    expect(takesBrotli("brotli")).toBe(false);
    expect(takesBrotli("")).toBe(false);
    expect(takesBrotli(undefined)).toBe(false);
  });
});
