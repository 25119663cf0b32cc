import { describe, expect, it } from "vitest";
import { addRange, heldFromStart, missingIn } from "./byte-ranges.ts";

describe("byte ranges", () => {
  it("adds ranges in any order and merges what touches or overlaps", () => {
    let r = addRange([], 20, 30);
    expect(r).toEqual([[20, 30]]);
    r = addRange(r, 0, 10);
    expect(r).toEqual([[0, 10], [20, 30]]);
    expect(heldFromStart(r)).toBe(10);
    r = addRange(r, 40, 50);
    expect(addRange(r, 25, 45)).toEqual([[0, 10], [20, 50]]);
    r = addRange(r, 10, 20);
    expect(r).toEqual([[0, 30], [40, 50]]);
    expect(heldFromStart(r)).toBe(30);
    expect(addRange(r, 30, 40)).toEqual([[0, 50]]);
    expect(addRange(r, 0, 5)).toEqual(r);
    expect(heldFromStart([[5, 9]])).toBe(0);
  });

  it("tells the parts of a chunk not held yet", () => {
    const r: [number, number][] = [[0, 10], [20, 30]];
    expect(missingIn(r, 0, 10)).toEqual([]);
    expect(missingIn(r, 22, 28)).toEqual([]);
    expect(missingIn(r, 5, 25)).toEqual([[10, 20]]);
    expect(missingIn(r, 5, 40)).toEqual([[10, 20], [30, 40]]);
    expect(missingIn(r, 30, 35)).toEqual([[30, 35]]);
    expect(missingIn([], 3, 4)).toEqual([[3, 4]]);
  });
});
