import { describe, expect, it } from "vitest";
import { applyStackRule } from "./history.ts";

describe("history stack rule", () => {
  it("pushes a new path", () => {
    expect(applyStackRule([], "/home")).toEqual(["/home"]);
    expect(applyStackRule(["/home"], "/my")).toEqual(["/home", "/my"]);
  });

  it("does not push a path equal to the top", () => {
    expect(applyStackRule(["/home", "/my"], "/my")).toEqual(["/home", "/my"]);
  });

  it("treats a path equal to the second entry as back and drops the top", () => {
    expect(applyStackRule(["/home", "/my", "/my/setting"], "/my")).toEqual(["/home", "/my"]);
  });

  it("pushes a path seen deeper in the stack", () => {
    expect(applyStackRule(["/home", "/my", "/my/setting"], "/home")).toEqual(["/home", "/my", "/my/setting", "/home"]);
  });

  it("puts a replace in the top's place, also when it names the second entry", () => {
    expect(applyStackRule(["/home", "/login"], "/my", true)).toEqual(["/home", "/my"]);
    expect(applyStackRule(["/home", "/my"], "/home", true)).toEqual(["/home", "/home"]);
    expect(applyStackRule([], "/my", true)).toEqual(["/my"]);
  });

  it("keeps at most the newest entries", () => {
    const stack = Array.from({ length: 50 }, (_, i) => `/p${i}`);
    const next = applyStackRule(stack, "/new");
    expect(next).toHaveLength(50);
    expect(next[0]).toBe("/p1");
    expect(next.at(-1)).toBe("/new");
  });
});
