import { describe, expect, it } from "vitest";
import { decodeText, splitChapters, splitEvery } from "./novel.ts";

/** 你好，世界 in GB18030 (GBK) bytes: Node's TextEncoder writes UTF-8 only. */
const GBK_HELLO = [0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xca, 0xc0, 0xbd, 0xe7];

describe("decodeText", () => {
  it("reads UTF-8 with and without a BOM, UTF-16 LE and BE, and GB18030", () => {
    expect(decodeText(Buffer.from("你好，世界"))).toEqual({ encoding: "utf-8", text: "你好，世界" });
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("你好")]))).toEqual({ encoding: "utf-8", text: "你好" });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("你好", "utf16le")]))).toEqual({ encoding: "utf-16le", text: "你好" });
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("你好", "utf16le").swap16()]))).toEqual({ encoding: "utf-16be", text: "你好" });
    expect(decodeText(Buffer.from(GBK_HELLO))).toEqual({ encoding: "gb18030", text: "你好，世界" });
  });
});

describe("splitChapters", () => {
  it("cuts at 第…章 headings in Chinese and Arabic numerals, keeping text before them as 序", () => {
    const text = "书名：测试\r\n作者：某人\r\n\r\n第一章 出发\r\n　　他走了。\r\n\r\n　　她也走了。\r\n第2章：归来\n回来了。\n第十回\n又一回。";
    expect(splitChapters(text)).toEqual([
      { title: "序", body: "书名：测试\n作者：某人" },
      { title: "第一章 出发", body: "他走了。\n她也走了。" },
      { title: "第2章 归来", body: "回来了。" },
      { title: "第十回", body: "又一回。" },
    ]);
  });

  it("carries a volume heading into its first chapter's title, and ignores sentences that start like a heading", () => {
    const text = "第一卷 风起\n第一章 山下\n正文。\n第一章的故事讲的是一个很长很长的句子，它不是标题，因为它太长了，远远超过了四十个字符的限度呢。\n第二章 山上\n正文二。";
    expect(splitChapters(text).map((c) => c.title)).toEqual(["第一卷 风起 第一章 山下", "第二章 山上"]);
    expect(splitChapters(text)[0]!.body).toContain("第一章的故事");
  });

  it("keeps a volume that has its own text", () => {
    expect(splitChapters("第一卷\n卷首语。\n第一章\n正文。").map((c) => c.title)).toEqual(["第一卷", "第一章"]);
  });

  it("refuses a text without headings unless asked to cut it every N characters", () => {
    expect(() => splitChapters("只有正文。\n没有标题。", { label: "a.txt" })).toThrow("a.txt: no chapter headings (第…章, 第…卷 or 第…回 on a line of its own); give --split-every N to cut it every N characters");
    expect(splitChapters("一二三四五\n六七八\n九十", { splitEvery: 8 })).toEqual([
      { title: "第1节", body: "一二三四五\n六七八" },
      { title: "第2节", body: "九十" },
    ]);
    expect(splitEvery("一二三四五六七", 3).map((c) => c.body)).toEqual(["一二三", "四五六", "七"]);
  });
});
