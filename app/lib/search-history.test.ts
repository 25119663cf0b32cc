import { describe, expect, it } from "vitest";
import { MAX_SEARCH_HISTORY, withSearch } from "./search-history.ts";

describe("withSearch", () => {
  it("puts the newest word first and keeps each word once", () => {
    expect(withSearch(["b", "a"], "a")).toEqual(["a", "b"]);
    expect(withSearch(["b", "a"], " c ")).toEqual(["c", "b", "a"]);
  });
  it("ignores blank words and caps the list", () => {
    expect(withSearch(["a"], "  ")).toEqual(["a"]);
    const many = Array.from({ length: MAX_SEARCH_HISTORY }, (_, i) => `w${i}`);
    expect(withSearch(many, "new")).toHaveLength(MAX_SEARCH_HISTORY);
    expect(withSearch(many, "new")[0]).toBe("new");
  });
});
