import { describe, expect, it } from "vitest";
import { categoryShortcut, inAppTarget } from "./shortcut.ts";

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

describe("inAppTarget", () => {
  it("takes a category's address through the shortcuts and leaves other paths as they are", () => {
    expect(inAppTarget("/category?id=8", "同城约会")).toBe("/dating");
    expect(inAppTarget("/category?id=74", "漫画")).toBe("/category?title=%E6%BC%AB%E7%94%BB&type=comic");
    expect(inAppTarget("/category?id=3", "旅行")).toBe("/category?id=3");
    expect(inAppTarget("/player?id=8", "t")).toBe("/player?id=8");
  });

  it("is empty for anything that is not an in-app path", () => {
    for (const url of ["https://example.com/", "//evil.example/x", "javascript:alert(1)", ""]) expect(inAppTarget(url, "t")).toBe("");
  });
});
