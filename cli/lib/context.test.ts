import { describe, expect, it } from "vitest";
import { parseFields } from "./context.ts";

describe("parseFields", () => {
  it("types values by JSON, keeping integers too long to be exact as written", () => {
    expect(parseFields(["n=12", "ok=true", "a=[1,2]", 's="007"', "w=abc", "big=123456789012345678901"])).toEqual({
      n: 12,
      ok: true,
      a: [1, 2],
      s: "007",
      w: "abc",
      big: "123456789012345678901",
    });
  });

  it("sends the fields the endpoint types as strings as strings, quoted or not", () => {
    expect(parseFields(["phone=13800000000", "password=12345678", "id=2"], ["phone", "password"])).toEqual({ phone: "13800000000", password: "12345678", id: 2 });
    expect(parseFields(['phone="13800000000"', "kw=true", "kw2=[1]"], ["phone", "kw", "kw2"])).toEqual({ phone: "13800000000", kw: "true", kw2: "[1]" });
  });

  it("lists every pair without a key at once", () => {
    expect(() => parseFields(["a", "=b", "c=1"])).toThrow("expected key=value, got: a, =b");
  });
});
