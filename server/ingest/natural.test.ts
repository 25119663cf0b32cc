import { describe, expect, it } from "vitest";
import { chineseNumber, naturalCompare, naturalSort } from "./natural.ts";

describe("natural order", () => {
  it("puts 2 before 10, in Arabic and Chinese numerals", () => {
    expect(naturalSort(["10.jpg", "2.jpg", "1.jpg", "100.jpg"])).toEqual(["1.jpg", "2.jpg", "10.jpg", "100.jpg"]);
    expect(naturalSort(["第10话", "第2话", "第1话"])).toEqual(["第1话", "第2话", "第10话"]);
    expect(naturalSort(["第十话", "第九话", "第十一话", "第二话"])).toEqual(["第二话", "第九话", "第十话", "第十一话"]);
    expect(naturalSort(["10", "第1话 出发", "2"])).toEqual(["第1话 出发", "2", "10"]);
  });

  it("compares text case-insensitively and numbers inside longer names", () => {
    expect(naturalSort(["Page 10.png", "page 9.png", "cover.png"])).toEqual(["cover.png", "page 9.png", "Page 10.png"]);
    expect(naturalSort(["ep2/p10.jpg", "ep2/p2.jpg", "ep10/p1.jpg"])).toEqual(["ep2/p2.jpg", "ep2/p10.jpg", "ep10/p1.jpg"]);
    expect(naturalCompare("01.jpg", "1.jpg")).not.toBe(0);
    expect(naturalCompare("a", "a")).toBe(0);
  });

  it("reads Chinese numerals", () => {
    expect(chineseNumber("十")).toBe(10);
    expect(chineseNumber("十二")).toBe(12);
    expect(chineseNumber("二十")).toBe(20);
    expect(chineseNumber("一百零五")).toBe(105);
    expect(chineseNumber("三千二百一十")).toBe(3210);
    expect(chineseNumber("一万零一")).toBe(10001);
    expect(chineseNumber("二〇二四")).toBe(2024);
    expect(chineseNumber("两百")).toBe(200);
    expect(chineseNumber("abc")).toBeNaN();
  });
});
