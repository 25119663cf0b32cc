import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { makeZip } from "../../../tests/support/zip.ts";
import { comicEpisodes, episodeTitle, pictureFiles } from "./pages.ts";

const root = mkdtempSync(join(tmpdir(), "pages-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const png = placeholderPng("p", 30, 40);

function folder(name: string, files: Record<string, Buffer | string>) {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), data);
  }
  return dir;
}

const shape = async (paths: string[]) => (await comicEpisodes(paths)).map((e) => [e.title, e.pages.map((p) => p.name.replace(/^.*[/:] ?/, ""))]);

describe("comic episodes", () => {
  it("takes a folder of episode folders, pages and episodes in natural order, litter skipped", async () => {
    const dir = folder("a", { "10/1.png": png, "2/10.png": png, "2/2.png": png, "2/.DS_Store": "x", "2/Thumbs.db": "x", "第1话 出发/1.png": png });
    expect(await shape([dir])).toEqual([
      ["第1话 出发", ["1.png"]],
      ["第2话", ["2.png", "10.png"]],
      ["第10话", ["1.png"]],
    ]);
  });

  it("takes CBZ files, one episode each or episode folders inside", async () => {
    const one = join(folder("b", {}), "第3话.cbz");
    writeFileSync(one, makeZip([{ name: "ComicInfo.xml", data: "<x/>" }, { name: "p10.png", data: png }, { name: "p9.png", data: png }]));
    const many = join(root, "b", "book.cbz");
    writeFileSync(many, makeZip([{ name: "ep2/1.png", data: png }, { name: "ep10/1.png", data: png }, { name: "__MACOSX/ep2/._1.png", data: "x" }]));
    expect(await shape([one])).toEqual([["第3话", ["p9.png", "p10.png"]]]);
    expect(await shape([many])).toEqual([["ep2", ["1.png"]], ["ep10", ["1.png"]]]);
    const pages = (await comicEpisodes([one]))[0]!.pages;
    expect((await pages[0]!.read()).equals(png)).toBe(true);
  });

  it("refuses what is not pages, mixed layouts and nothing at all", async () => {
    await expect(comicEpisodes([folder("c", { "1/1.png": png, "1/notes.pdf": "x" })])).rejects.toThrow(/"notes\.pdf" is not an image/);
    await expect(comicEpisodes([folder("d", { "1/1.png": png, "2.png": png })])).rejects.toThrow(/mixes episode folders/);
    await expect(comicEpisodes([folder("e", { "1/readme.txt": "x" })])).rejects.toThrow(/has no pages/);
    await expect(comicEpisodes([join(root, "missing")])).rejects.toThrow(/no such file or folder/);
    const evil = join(root, "evil.cbz");
    writeFileSync(evil, makeZip([{ name: "1.png", data: png }, { name: "../evil.png", data: png }]));
    await expect(comicEpisodes([evil])).rejects.toThrow(/evil\.cbz: entry "\.\.\/evil\.png" leaves its folder/);
  });

  it("titles episodes by their names", () => {
    expect(episodeTitle("01", 1)).toBe("第1话");
    expect(episodeTitle("番外.cbz", 3)).toBe("番外");
  });
});

describe("picture files", () => {
  it("takes a folder's images in natural order", async () => {
    const dir = folder("f", { "10.jpg": png, "9.png": png });
    expect((await pictureFiles(dir)).map((p) => p.name.replace(/^.*\//, ""))).toEqual(["9.png", "10.jpg"]);
    await expect(pictureFiles(folder("g", { "a.txt": "x" }))).rejects.toThrow(/no pictures/);
  });
});
