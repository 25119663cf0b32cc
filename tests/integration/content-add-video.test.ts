import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptImage } from "#gateway/image-cipher.ts";
import { accounts, home, video } from "#gateway/api/index.ts";
import { readSettings } from "#server/env.ts";
import { runAdmin, sqlOn } from "../support/admin.ts";
import { entryArgs } from "../support/entries.ts";
import { REPO_ROOT, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Issue 38, decision 085: `content add-video` run as the operator runs it, against a test gateway's data folder.
let gw: TestGateway;
let dir: string;
let source: string;
const settings = readSettings({});
const member = memberMaker(() => gw, 13733300001);

/** A source made with ffmpeg's test pattern and a tone: 960x540 (so two renditions, 540p and 360p), `seconds` long. */
function makeSource(name: string, seconds: number) {
  const file = join(dir, name);
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=960x540:rate=24:duration=${seconds}`, "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", file]);
  return file;
}

beforeAll(async () => {
  gw = await startTestGateway();
  dir = mkdtempSync(join(tmpdir(), "add-video-"));
  source = makeSource("sample.mp4", 6);
});
afterAll(async () => {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
});

const status = async (url: string) => (await fetch(url)).status;
const variants = (master: string, base: string) =>
  master.split("\n").flatMap((line, i, lines) => (line.startsWith("#EXT-X-STREAM-INF:") ? [{ resolution: /RESOLUTION=(\d+x\d+)/.exec(line)![1], url: new URL(lines[i + 1]!, base).href }] : []));
const segments = (playlist: string, base: string) => playlist.split("\n").filter((l) => l.endsWith(".m4s") || l.includes(".m4s?")).map((l) => new URL(l, base).href);
const contentKeys = () => readdirSync(join(gw.dataDir, "content")).filter((n) => !n.startsWith("."));
const staged = () => (existsSync(join(gw.dataDir, "content", ".staging")) ? readdirSync(join(gw.dataDir, "content", ".staging")) : []);
/** The processes whose command line names `file`. */
const processesReading = (file: string) =>
  readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(file);
      } catch {
        return false;
      }
    });
const itemCount = async () => Number((await sqlOn<{ n: number }>(gw, "SELECT COUNT(*) AS n FROM items"))[0]!.n);

describe("content add-video", () => {
  it("publishes a sold video in two renditions: listed, previewed for its preview's segments, sold at its price, then played whole", async () => {
    const out = await runAdmin(gw, "content", "add-video", source, "--title", "入库测试视频", "--price", "15", "--preview-seconds", "3", "--tags", "入库,样片", "--json");
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(/transcoding 6 s of 960x540 into 540p, 360p/);
    const result = JSON.parse(out.stdout) as { id: number; duration: number; renditions: { name: string }[]; preview_segments: number; coins: number };
    expect(result).toMatchObject({ duration: 6, coins: 15, preview_segments: 2, renditions: [{ name: "540p" }, { name: "360p" }] });
    const id = result.id;

    const guest = testClient(gw.url);
    const listed = (await guest.send(home.list, { section: "porn", sort: "new", page: 1, limit: 20 })).list.find((v) => v.id === id);
    expect(listed).toMatchObject({ title: "入库测试视频", duration: 6 });
    // The cover is the poster frame, stored encrypted (protocol §7): a JPEG once decrypted.
    const cover = await fetch(listed!.cover);
    expect(cover.status).toBe(200);
    const poster = await decryptImage(new Uint8Array(await cover.arrayBuffer()), settings.gateway.mediaKey);
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const buyer = await member(100);
    const before = await buyer.send(video.detail, { id });
    expect(before).toMatchObject({ can_watch: 0, play_url: "" });
    // The preview: both renditions, each its first two segments (3 s asked, 2 s each), nothing after them.
    const previewMaster = await (await fetch(before.preview_url)).text();
    const previewVariants = variants(previewMaster, before.preview_url);
    expect(previewVariants.map((v) => v.resolution)).toEqual(["960x540", "640x360"]);
    for (const v of previewVariants) {
      const segs = segments(await (await fetch(v.url)).text(), v.url);
      expect(segs.map((s) => s.split("/").pop())).toEqual(["seg-0.m4s", "seg-1.m4s"]);
      for (const s of segs) expect(await status(s)).toBe(200);
      expect(await status(v.url.replace("index.m3u8", "seg-2.m4s"))).toBe(404);
    }
    // The whole video's addresses answer nobody without a grant.
    const whole = `${gw.url}/media/video/${id}/0`;
    for (const path of ["master.m3u8", "540p/index.m3u8", "540p/init.mp4", "540p/seg-2.m4s", "360p/seg-0.m4s"]) expect(await status(`${whole}/${path}`), path).toBe(403);

    const bought = await buyer.send(video.buyWithCoins, { id });
    expect(bought.ok).toBe(true);
    expect((await buyer.send(accounts.userInfo, undefined)).coins).toBe(85);
    const master = (await buyer.send(video.detail, { id })).play_url;
    expect(new URL(master).pathname).toBe(`/media/video/${id}/0/master.m3u8`);
    const full = variants(await (await fetch(master)).text(), master);
    expect(full.map((v) => v.resolution)).toEqual(["960x540", "640x360"]);
    for (const v of full) {
      const playlist = await (await fetch(v.url)).text();
      expect(playlist).toMatch(/#EXT-X-MAP:URI="init\.mp4\?u=/);
      const segs = segments(playlist, v.url);
      expect(segs).toHaveLength(3);
      for (const s of segs) expect(await status(s)).toBe(200);
    }
    // Renditions come from the stored master: one it does not name is not served.
    expect(await status(full[0]!.url.replace("/540p/", "/270p/"))).toBe(404);
  });

  it("refuses what is not a video, an empty file and unknown references, writing nothing", async () => {
    const before = { items: await itemCount(), keys: contentKeys().length };
    writeFileSync(join(dir, "notes.mp4"), "this is text, not a video");
    writeFileSync(join(dir, "empty.mp4"), "");
    const refused = [
      [["content", "add-video", join(dir, "notes.mp4"), "--title", "x"], "error: not a video: notes.mp4"],
      [["content", "add-video", join(dir, "empty.mp4"), "--title", "x"], "error: empty file: empty.mp4"],
      [["content", "add-video", join(dir, "missing.mp4"), "--title", "x"], "error: no such file"],
      [["content", "add-video", source, "--title", "x", "--category", "999999"], "error: no category 999999"],
      [["content", "add-video", source, "--title", "x", "--price", "-3"], "error: --price must be a whole number"],
    ] as const;
    for (const [args, message] of refused) {
      const out = await runAdmin(gw, ...args);
      expect(out.code, args.join(" ")).toBe(1);
      expect(out.stderr).toContain(message);
      expect(out.stdout).toBe("");
    }
    expect(await itemCount()).toBe(before.items);
    expect(contentKeys()).toHaveLength(before.keys);
    expect(staged()).toEqual([]);
  });

  it("leaves nothing listed when killed mid-transcode, and a run again cleans up and publishes", async () => {
    const long = makeSource("long.mp4", 12);
    const before = { items: await itemCount(), keys: contentKeys().length };
    const env = { PATH: process.env.PATH ?? "", LOG_LEVEL: "error", DATA_DIR: gw.dataDir, ...(gw.databaseUrl ? { DATABASE_URL: gw.databaseUrl } : {}) };
    const child = spawn(process.execPath, [...entryArgs("admin"), "content", "add-video", long, "--title", "中断的视频"], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    // Killed once ffmpeg has written a segment into the staging folder: the ingest is mid-transcode.
    await expect
      .poll(() => stderr.includes("transcoding") && staged().some((key) => existsSync(join(gw.dataDir, "content", ".staging", key, "hls", "540p", "seg-0.m4s"))), { timeout: 60_000, interval: 50 })
      .toBe(true);
    child.kill("SIGKILL");
    await exited;
    // ffmpeg goes with it (it would otherwise encode on into a folder the next run removes).
    await expect.poll(() => processesReading(long), { timeout: 30_000, interval: 100 }).toEqual([]);
    expect(stderr).not.toContain("publishing");
    expect(await itemCount()).toBe(before.items);
    expect(contentKeys()).toHaveLength(before.keys);
    expect(staged()).toHaveLength(1);
    const listed = await testClient(gw.url).send(home.list, { section: "porn", sort: "new", page: 1, limit: 20 });
    expect(listed.list.map((v) => v.title)).not.toContain("中断的视频");

    const again = await runAdmin(gw, "content", "add-video", long, "--title", "中断的视频", "--json");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain("removed 1 folder(s) left by interrupted ingests");
    expect(staged()).toEqual([]);
    const { id } = JSON.parse(again.stdout) as { id: number };
    const relisted = await testClient(gw.url).send(home.list, { section: "porn", sort: "new", page: 1, limit: 20 });
    expect(relisted.list.find((v) => v.id === id)?.title).toBe("中断的视频");
    // A free video plays for anyone without a grant.
    const detail = await testClient(gw.url).send(video.detail, { id });
    expect(detail.can_watch).toBe(1);
    expect(await status(detail.play_url)).toBe(200);
  });
});
