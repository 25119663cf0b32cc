import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comics, news, novels, pictures } from "#gateway/api/index.ts";
import { decryptImage } from "#gateway/image-cipher.ts";
import { readSettings } from "#server/env.ts";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { runAdmin, sqlOn } from "../support/admin.ts";
import { makeEpub } from "../support/epub.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";
import { makeZip } from "../support/zip.ts";

// Issue 38, decision 086: add-comic, add-novel, add-pictures and add-article run as the operator runs them, on inputs
// made here; what they publish is read back through the gateway's calls as members read it, and bad input is refused
// with nothing published and no files left.

let gw: TestGateway;
let dir: string;
const { mediaKey } = readSettings({}).gateway;
beforeAll(async () => {
  gw = await startTestGateway();
  dir = mkdtempSync(join(tmpdir(), "ingest-books-"));
});
afterAll(async () => {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
});

const member = memberMaker(() => gw, 13760000000);
const png = (seed: string, w = 60, h = 80) => placeholderPng(seed, w, h);

async function add(...args: string[]) {
  const out = await runAdmin(gw, "content", ...args, "--json");
  if (out.code !== 0) throw new Error(`content ${args[0]} failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as { id: number } & Record<string, unknown>;
}

/** The image an address serves, decrypted; or its status when it serves none. */
async function imageAt(url: string): Promise<Buffer | number> {
  const r = await fetch(url);
  if (r.status !== 200) return r.status;
  return Buffer.from(await decryptImage(new Uint8Array(await r.arrayBuffer()), mediaKey));
}

const counts = async () => ({
  items: Number((await sqlOn<{ n: number }>(gw, "SELECT COUNT(*) AS n FROM items"))[0]!.n),
  folders: existsSync(join(gw.dataDir, "content")) ? readdirSync(join(gw.dataDir, "content")).filter((n) => n !== ".staging").length : 0,
  staged: existsSync(join(gw.dataDir, "content", ".staging")) ? readdirSync(join(gw.dataDir, "content", ".staging")).length : 0,
});

function write(path: string, data: Buffer | string) {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), data);
  return join(dir, path);
}

describe("add-comic", () => {
  it("publishes a CBZ of episode folders in natural order, sells its episodes and serves each page only to who may open it", async () => {
    const cbz = write(
      "漫画.cbz",
      makeZip([
        { name: "第10话 终/1.png", data: png("c10-1") },
        { name: "第2话 中/10.png", data: png("c2-10") },
        { name: "第2话 中/2.png", data: png("c2-2", 80, 60) },
        { name: "第1话 始/1.png", data: png("c1-1") },
        { name: "ComicInfo.xml", data: "<ComicInfo/>" },
      ]),
    );
    const r = await add("add-comic", cbz, "--title", "入库漫画", "--price-per-episode", "4", "--free-episodes", "1", "--book-price", "6");
    expect(r).toMatchObject({ kind: "comic", pages: 4, book_price: 6, episodes: [{ title: "第1话 始", pages: 1, coins: 0 }, { title: "第2话 中", pages: 2, coins: 4 }, { title: "第10话 终", pages: 1, coins: 4 }] });

    const guest = testClient(gw.url);
    expect((await guest.send(comics.list, { sort: "new", limit: 5 })).list[0]).toMatchObject({ id: r.id, title: "入库漫画", unit_count: 3 });
    const { comic, episodes } = await guest.send(comics.listEpisode, { id: r.id });
    expect(comic).toMatchObject({ coins: 6, book_price: 6 });
    expect(Buffer.from((await imageAt(comic.cover)) as Buffer)).toEqual(png("c1-1"));
    const free = await guest.send(comics.read, { id: r.id, episode_id: episodes[0]!.id });
    expect(free.pages).toHaveLength(1);
    expect(await imageAt(free.pages[0]!.url)).toEqual(png("c1-1"));
    expect(await imageAt(free.pages[0]!.url.replace(/\?.*$/, ""))).toBe(403);
    // A grant on episode 1's folder opens nothing of episode 2's.
    expect(await imageAt(free.pages[0]!.url.replace("/e1/", "/e2/"))).toBe(403);
    expect((await guest.send(comics.read, { id: r.id, episode_id: episodes[1]!.id })).pages).toEqual([]);

    const m = await member(10);
    expect(await m.send(comics.buy, { id: r.id, chapter_id: episodes[1]!.id })).toMatchObject({ ok: true, data: { charged: 1, coins_spent: 4, coins: 6 } });
    const bought = await m.send(comics.read, { id: r.id, episode_id: episodes[1]!.id });
    expect(bought.pages.map((p) => p.ratio)).toEqual(["4X3", "3X4"]);
    expect(await imageAt(bought.pages[0]!.url)).toEqual(png("c2-2", 80, 60));
    // The whole book costs what is left of its price after the episode bought.
    expect(await m.send(comics.buy, { id: r.id })).toMatchObject({ ok: true, data: { charged: 1, coins_spent: 2, coins: 4 } });
  });

  it("refuses a CBZ whose entry leaves its folder, a page that is not an image and a folder of nothing, publishing nothing", async () => {
    const before = await counts();
    const evil = write("evil.cbz", makeZip([{ name: "1.png", data: png("x") }, { name: "../evil.png", data: png("y") }]));
    const fake = write("fake/第1话/1.png", "<html>not a picture</html>");
    write("fake/第1话/2.png", png("ok"));
    const empty = write("empty/第1话/readme.txt", "nothing");
    for (const [path, message] of [
      [evil, 'evil.cbz: entry "../evil.png" leaves its folder (..); refusing the whole archive'],
      [join(dir, "fake"), "not an image (PNG, JPEG, GIF or WebP):"],
      [join(empty, "../.."), 'episode "第1话" has no pages'],
      [join(dir, "missing"), "no such file or folder"],
    ] as const) {
      const out = await runAdmin(gw, "content", "add-comic", path, "--title", "坏漫画");
      expect(out.code, path).toBe(1);
      expect(out.stderr).toContain(message);
    }
    expect(await counts()).toEqual(before);
    const out = await runAdmin(gw, "content", "add-comic", join(dir, "fake"), "--title", "坏漫画", "--book-price", "5");
    expect(out.stderr).toContain("--book-price needs --price-per-episode");
  });
});

// 第一章 你好 / 世界。 / 第二章 / 你好。 in GB18030 bytes: Node encodes only UTF-8 and UTF-16.
const GB = { 第一章: "b5dad2bbd5c2", 第二章: "b5dab6fed5c2", 你好: "c4e3bac3", 世界: "cac0bde7", "。": "a1a3", " ": "20", "\n": "0a" } as const;
const gb18030 = (...parts: (keyof typeof GB)[]) => Buffer.from(parts.map((p) => GB[p]).join(""), "hex");

describe("add-novel", () => {
  it("publishes a GB18030 TXT cut at its headings after showing them, and sells its chapters", async () => {
    const txt = write("novel-gbk.txt", gb18030("第一章", " ", "你好", "\n", "世界", "。", "\n", "第二章", "\n", "你好", "。", "\n"));
    const asked = await runAdmin(gw, "content", "add-novel", txt, "--title", "入库小说");
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain("TXT in gb18030: 2 chapter(s)");
    expect(asked.stderr).toContain("第一章 你好");
    expect(asked.stderr).toContain("not published: no terminal to ask on; check the chapters above and run again with --yes");
    const r = await add("add-novel", txt, "--title", "入库小说", "--price-per-chapter", "3", "--free-chapters", "1", "--yes");
    expect(r).toMatchObject({ kind: "novel", chapters: 2, encoding: "gb18030" });

    const guest = testClient(gw.url);
    expect((await guest.send(novels.list, { sort: "new", limit: 5 })).list[0]).toMatchObject({ id: r.id, title: "入库小说" });
    const chapters = (await guest.send(novels.chaptersList, { id: r.id })).list;
    expect(chapters.map((c) => [c.title, c.coins, c.can_open])).toEqual([["第一章 你好", 0, 1], ["第二章", 3, 0]]);
    expect((await guest.send(novels.chapterDetail, { id: chapters[0]!.id })).content).toBe("世界。");
    const m = await member(5);
    expect(await m.send(novels.buy, { id: chapters[1]!.id })).toMatchObject({ ok: true, data: { charged: 1 } });
    expect(await m.send(novels.chapterDetail, { id: chapters[1]!.id })).toMatchObject({ locked: 0, content: "你好。" });
  });

  it("publishes an EPUB by its spine, with its cover", async () => {
    const epub = write("book.epub", makeEpub({ title: "书", cover: png("epub-cover", 60, 90), chapters: [{ title: "楔子", paragraphs: ["第一段。", "第二段。"] }, { title: "第一章 远行", paragraphs: ["出发。"] }] }));
    const r = await add("add-novel", epub, "--title", "入库电子书", "--yes");
    const detail = await testClient(gw.url).send(novels.detail, { id: r.id });
    expect(detail).toMatchObject({ title: "入库电子书", unit_count: 2 });
    expect(await imageAt(detail.cover)).toEqual(png("epub-cover", 60, 90));
    const chapters = (await testClient(gw.url).send(novels.chaptersList, { id: r.id })).list;
    expect(chapters.map((c) => c.title)).toEqual(["楔子", "第一章 远行"]);
    expect((await testClient(gw.url).send(novels.chapterDetail, { id: chapters[0]!.id })).content).toBe("第一段。\n第二段。");
  });

  it("refuses a TXT without headings, offering --split-every, and cuts it when given", async () => {
    const before = await counts();
    const txt = write("plain.txt", "没有标题的正文。".repeat(40));
    const out = await runAdmin(gw, "content", "add-novel", txt, "--title", "无章节", "--yes");
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("plain.txt: no chapter headings (第…章, 第…卷 or 第…回 on a line of its own); give --split-every N to cut it every N characters");
    expect(await counts()).toEqual(before);
    expect(await add("add-novel", txt, "--title", "按字数切分", "--split-every", "100", "--yes")).toMatchObject({ chapters: 4 });
  });
});

describe("add-pictures", () => {
  it("publishes a folder as a set sold whole: the first pictures open to all, the rest after buying", async () => {
    for (let i = 1; i <= 8; i++) write(`set/${i * 5}.png`, png(`pic-${i}`));
    const r = await add("add-pictures", join(dir, "set"), "--title", "入库图集", "--price", "7");
    expect(r).toMatchObject({ kind: "picture", pictures: 8, coins: 7 });
    const guest = testClient(gw.url);
    const list = (await guest.send(pictures.pictureList, { id: r.id, limit: 50 })).list;
    expect(list.map((p) => p.locked)).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    expect(await imageAt(list[0]!.url!)).toEqual(png("pic-1"));
    expect(await imageAt(list[5]!.url!)).toEqual(png("pic-6"));
    const m = await member(7);
    expect(await m.send(pictures.buy, { id: r.id })).toMatchObject({ ok: true });
    const all = (await m.send(pictures.pictureList, { id: r.id, limit: 50 })).list;
    expect(await imageAt(all[7]!.url!)).toEqual(png("pic-8"));
  });
});

describe("add-article", () => {
  it("publishes Markdown with its pictures, sanitised, the part after <!-- more --> sold with its pictures", async () => {
    write("post/img/a.png", png("art-a", 80, 60));
    write("post/img/b.png", png("art-b"));
    const md = write("post/post.md", "# 标题\n\n开头一段。<script>alert(1)</script>\n\n![图一](img/a.png)\n\n<!-- more -->\n\n付费部分。\n\n![图二](img/b.png)\n");
    const r = await add("add-article", md, "--title", "入库文章", "--price", "5");
    expect(r).toMatchObject({ kind: "news", images: 2, coins: 5, paid: 1 });
    const guest = testClient(gw.url);
    const locked = await guest.send(news.detail, { id: r.id });
    expect(locked).toMatchObject({ locked: 1, coins: 5 });
    expect(locked.body).not.toContain("script");
    expect(locked.body).not.toContain("付费部分");
    const [free] = [...locked.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(await imageAt(free!)).toEqual(png("art-a", 80, 60));
    const m = await member(5);
    const bought = await m.send(news.buy, { id: r.id });
    if (!bought.ok || !bought.data) throw new Error(bought.msg);
    expect(bought.data.news.body).toContain("付费部分。");
    const paid = [...bought.data.news.body.matchAll(/src="([^"]+)"/g)].map((x) => x[1]!)[1]!;
    expect(paid).toContain("/paid/");
    expect(await imageAt(paid)).toEqual(png("art-b"));
    expect(await imageAt(paid.replace(/\?.*$/, ""))).toBe(403);
  });

  it("refuses remote pictures unless told to drop them, and pictures outside the article's folder", async () => {
    const before = await counts();
    const html = write("remote/a.html", '<p>正文</p><img src="https://example.com/x.png">');
    const out = await runAdmin(gw, "content", "add-article", html, "--title", "远程图片");
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("1 remote image(s) (https://example.com/x.png): save them beside the article and refer to them by relative path, or give --drop-remote-images");
    const outside = write("remote/b.html", '<p>正文</p><img src="../set/5.png">');
    expect((await runAdmin(gw, "content", "add-article", outside, "--title", "越界图片")).stderr).toContain('image "../set/5.png" is outside the article\'s folder');
    expect(await counts()).toEqual(before);
    expect(await add("add-article", html, "--title", "去掉远程图片", "--drop-remote-images")).toMatchObject({ images: 0 });
  });
});
