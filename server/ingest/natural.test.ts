import { describe, expect, it } from "vitest";
import { naturalCompare } from "./natural.ts";

describe("naturalCompare", () => {
  it("orders numbers inside names by value", () => {
    expect(["10.mp3", "2.mp3", "1.mp3", "01b.mp3"].sort(naturalCompare)).toEqual(["1.mp3", "01b.mp3", "2.mp3", "10.mp3"]);
    expect(["第10集.m4a", "第2集.m4a", "第1集.m4a"].sort(naturalCompare)).toEqual(["第1集.m4a", "第2集.m4a", "第10集.m4a"]);
    expect(["ch-2-b", "ch-10-a", "ch-2-a"].sort(naturalCompare)).toEqual(["ch-2-a", "ch-2-b", "ch-10-a"]);
  });
  it("gives names that differ only in case or zeros a fixed order", () => {
    expect(["b.mp3", "B.mp3"].sort(naturalCompare)).toEqual(["B.mp3", "b.mp3"]);
    expect(["02.mp3", "2.mp3"].sort(naturalCompare)).toEqual(["02.mp3", "2.mp3"]);
  });
});
