import { describe, expect, it } from "vitest";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { makeEpub } from "../../../tests/support/epub.ts";
import { makeZip } from "../../../tests/support/zip.ts";
import { readEpub } from "./epub.ts";

describe("readEpub", () => {
  it("reads the spine's documents in order as chapters, titled by the nav, with the cover", () => {
    const cover = placeholderPng("c", 30, 40);
    const book = readEpub(makeEpub({ title: "山 & 海", cover, chapters: [{ title: "第一章 起", paragraphs: ["一段。", "二段 <b>。"] }, { title: "第二章 承", paragraphs: ["三段。"] }] }), "b.epub");
    expect(book.title).toBe("山 & 海");
    expect(book.author).toBe("佚名");
    expect(book.chapters).toEqual([
      { title: "第一章 起", body: "一段。\n二段 <b>。" },
      { title: "第二章 承", body: "三段。" },
    ]);
    expect(book.cover?.bytes.equals(cover)).toBe(true);
  });

  it("titles chapters by their first heading without a table of contents", () => {
    const book = readEpub(makeEpub({ title: "t", nav: false, chapters: [{ title: "序幕", paragraphs: ["正文"] }] }), "b.epub");
    expect(book.chapters).toEqual([{ title: "序幕", body: "正文" }]);
    expect(book.cover).toBeNull();
  });

  it("refuses what is not an EPUB", () => {
    expect(() => readEpub(makeZip([{ name: "a.txt", data: "x" }]), "b.epub")).toThrow("b.epub: not a valid EPUB: META-INF/container.xml is missing");
    expect(() => readEpub(Buffer.from("text"), "b.epub")).toThrow(/b\.epub: not a ZIP archive/);
  });
});
