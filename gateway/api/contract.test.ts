import { describe, expect, it } from "vitest";
import { similarPaths } from "./contract.ts";

describe("similarPaths", () => {
  it("finds a call a few letters off", () => {
    expect(similarPaths("/api/mv/lsit")[0]).toBe("/api/mv/list");
    expect(similarPaths("/api/user/userinf")).toContain("/api/user/userinfo");
  });

  it("finds the same call name in an area named like the one asked", () => {
    expect(similarPaths("/api/mv/detail")).toContain("/api/MvDetail/detail");
  });

  it("suggests nothing for a path unlike any call, and never the path itself", () => {
    expect(similarPaths("/api/zzzzzz/qqqqqq")).toEqual([]);
    expect(similarPaths("/api/mv/list")).not.toContain("/api/mv/list");
  });
});
