import { describe, expect, it } from "vitest";
import { categoryShortcut } from "./shortcut.ts";

describe("categoryShortcut", () => {
  it("maps the known ids", () => {
    expect(categoryShortcut(8, "约会", "/x")).toBe("/dating");
    expect(categoryShortcut(50, "小说 精选", "/x")).toBe("/category?title=%E5%B0%8F%E8%AF%B4%20%E7%B2%BE%E9%80%89&type=novel");
    expect(categoryShortcut(74, "漫画", "/x")).toBe("/category?title=%E6%BC%AB%E7%94%BB&type=comic");
  });

  it("falls back for every other id, 15 and 18 included", () => {
    for (const id of [0, 1, 15, 18, 99]) expect(categoryShortcut(id, "t", "/category?id=1")).toBe("/category?id=1");
  });
});
