import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audio } from "#gateway/api/index.ts";
import { runAdmin, sqlOn } from "../support/admin.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Issue 38, decision 085: `content add-audio` run as the operator runs it, against a test gateway's data folder.
let gw: TestGateway;
let dir: string;
const member = memberMaker(() => gw, 13744400001);

/** A tone of `seconds` as `file` in `folder`, made with ffmpeg. */
function tone(folder: string, file: string, seconds: number, frequency = 330) {
  mkdirSync(folder, { recursive: true });
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", `sine=frequency=${frequency}:duration=${seconds}`, join(folder, file)]);
}

beforeAll(async () => {
  gw = await startTestGateway();
  dir = mkdtempSync(join(tmpdir(), "add-audio-"));
});
afterAll(async () => {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
});

const contentKeys = () => (existsSync(join(gw.dataDir, "content")) ? readdirSync(join(gw.dataDir, "content")).filter((n) => !n.startsWith(".")) : []);
const itemCount = async () => Number((await sqlOn<{ n: number }>(gw, "SELECT COUNT(*) AS n FROM items"))[0]!.n);

describe("content add-audio", () => {
  it("publishes chapters in natural order with their lengths, plays the free ones, sells the rest at their price", async () => {
    const book = join(dir, "book");
    tone(book, "10.mp3", 4, 550);
    tone(book, "2.m4a", 3, 440);
    tone(book, "1.mp3", 2, 330);
    tone(book, "3 雨夜.aac", 2, 660);
    writeFileSync(join(book, "notes.txt"), "not a chapter: left out");
    const out = await runAdmin(gw, "content", "add-audio", book, "--title", "入库有声书", "--price-per-chapter", "4", "--free-chapters", "2", "--book-price", "7", "--json");
    expect(out.code, out.stderr).toBe(0);
    const result = JSON.parse(out.stdout) as { id: number; chapters: { file: string; title: string; seconds: number; coins: number }[]; book_price: number };
    expect(result.chapters.map((c) => [c.file, c.title, c.seconds, c.coins])).toEqual([
      ["1.mp3", "第1集", 2, 0],
      ["2.m4a", "第2集", 3, 0],
      ["3 雨夜.aac", "3 雨夜", 2, 4],
      ["10.mp3", "第10集", 4, 4],
    ]);
    const id = result.id;

    const guest = testClient(gw.url);
    expect((await guest.send(audio.list, { sort: "new", page: 1, limit: 5 })).list.find((b) => b.id === id)).toMatchObject({ title: "入库有声书", unit_count: 4 });
    const detail = await guest.send(audio.detail, { id });
    expect(detail).toMatchObject({ book_price: 7 });
    expect(detail.duration).toBeGreaterThanOrEqual(10);
    const list = (await guest.send(audio.chaptersList, { id })).list;
    expect(list.map((c) => [c.seq, c.can_open, c.duration])).toEqual([
      [1, 1, 2],
      [2, 1, 3],
      [3, 0, 2],
      [4, 0, 4],
    ]);
    // A free chapter plays from its stored file, in ranges, only with its grant.
    const first = list[0]!.audio_url!;
    expect(new URL(first).pathname).toBe(`/media/audio/${list[0]!.id}.mp3`);
    const whole = await fetch(first);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(readFileSync(join(book, "1.mp3")));
    const part = await fetch(first, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect(new URL(list[1]!.audio_url!).pathname).toBe(`/media/audio/${list[1]!.id}.m4a`);
    expect((await fetch(first.split("?")[0]!)).status).toBe(403);
    expect(list[2]!.audio_url).toBeNull();
    expect((await fetch(`${gw.url}/media/audio/${list[2]!.id}.aac`)).status).toBe(403);

    const buyer = await member(20);
    const bought = await buyer.send(audio.buy, { id: list[2]!.id });
    expect(bought.ok).toBe(true);
    const mine = (await buyer.send(audio.chaptersList, { id })).list[2]!;
    expect(mine.can_open).toBe(1);
    const played = await fetch(mine.audio_url!);
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("audio/aac");
    expect((await buyer.send(audio.detail, { id })).viewer.coins).toBe(16);
  });

  it("refuses a folder with a chapter that is not audio, an empty chapter or no chapters, writing nothing", async () => {
    const before = { items: await itemCount(), keys: contentKeys().length };
    const fake = join(dir, "fake");
    tone(fake, "1.mp3", 1);
    writeFileSync(join(fake, "2.mp3"), "text, not audio");
    const empty = join(dir, "empty-chapter");
    tone(empty, "1.mp3", 1);
    writeFileSync(join(empty, "2.m4a"), "");
    const none = join(dir, "none");
    mkdirSync(none);
    writeFileSync(join(none, "readme.txt"), "no chapters here");
    for (const [folder, message] of [
      [fake, "error: not audio: 2.mp3"],
      [empty, "error: empty file: 2.m4a"],
      [none, "error: no MP3, M4A or AAC files in"],
      [join(dir, "missing"), "error: not a folder"],
    ] as const) {
      const out = await runAdmin(gw, "content", "add-audio", folder, "--title", "坏的有声书");
      expect(out.code, folder).toBe(1);
      expect(out.stderr).toContain(message);
    }
    expect(await itemCount()).toBe(before.items);
    expect(contentKeys()).toHaveLength(before.keys);
  });
});
