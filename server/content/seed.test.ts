import { describe, expect, it } from "vitest";
import { creatorNicknames, SEEDED_CREATORS } from "./seed.ts";

describe("the seeded creators' nicknames", () => {
  it("are distinct, varied and the same on every run", () => {
    expect(new Set(SEEDED_CREATORS).size).toBe(SEEDED_CREATORS.length);
    expect(creatorNicknames(SEEDED_CREATORS.length)).toEqual(SEEDED_CREATORS);
    // No numbered placeholder names (创作者01), and not one shared word: at least three different endings.
    expect(SEEDED_CREATORS.filter((n) => /创作者|\d/.test(n))).toEqual([]);
    expect(new Set(SEEDED_CREATORS.map((n) => n.slice(-2))).size).toBeGreaterThanOrEqual(3);
  });

  it("refuses to name more creators than it has distinct names for", () => {
    expect(() => creatorNicknames(100)).toThrow("creator nicknames");
  });
});
