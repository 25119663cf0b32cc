import { describe, expect, it } from "vitest";
import { MAX_DECODED_PAGES, pageTops, pageWindow } from "./page-window.ts";

describe("pageWindow", () => {
  const tops = pageTops(Array.from({ length: 60 }, () => 500));

  it("keeps the pages on screen, two above and the rest below, never more than the maximum", () => {
    expect(pageWindow(tops, 0, 667)).toEqual({ start: 0, end: MAX_DECODED_PAGES });
    expect(pageWindow(tops, 5_000, 667)).toEqual({ start: 8, end: 20 });
    expect(pageWindow(tops, 29_400, 667)).toEqual({ start: 48, end: 60 });
  });

  it("answers nothing for no pages, and stays inside the list when scrolled past either end", () => {
    expect(pageWindow([], 0, 667)).toEqual({ start: 0, end: 0 });
    expect(pageWindow(tops, -300, 667)).toEqual({ start: 0, end: 12 });
    expect(pageWindow(tops, 40_000, 667)).toEqual({ start: 48, end: 60 });
  });

  it("stacks pages of different heights", () => {
    expect(pageTops([100, 200, 50])).toEqual([0, 100, 300]);
    expect(pageWindow(pageTops([100, 200, 50, 400]), 120, 100, 2)).toEqual({ start: 0, end: 2 });
  });
});
