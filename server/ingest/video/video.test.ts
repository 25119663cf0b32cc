import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestError } from "../errors.ts";
import { ladderFor } from "./ladder.ts";
import { probeVideo } from "./probe.ts";
import { posterFrame, transcodeHls } from "./transcode.ts";

// Sources made here with ffmpeg's test patterns: a few seconds, small sizes, so each encode takes a few seconds.
let dir: string;
const made = (name: string, ...args: string[]) => {
  const file = join(dir, name);
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", ...args, "-c:v", "libx264", "-preset", "ultrafast", file]);
  return file;
};
let withSound: string;
let silent: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ingest-video-"));
  withSound = made("sound.mp4", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=24:duration=5", "-f", "lavfi", "-i", "sine=frequency=440:duration=5", "-shortest");
  silent = made("silent.mp4", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=24:duration=3");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("probeVideo", () => {
  it("reads the length, the size and whether there is sound", async () => {
    const p = await probeVideo(withSound);
    expect(p).toMatchObject({ width: 640, height: 360, hasVideo: true, hasAudio: true });
    expect(p.duration).toBeCloseTo(5, 0);
    expect(await probeVideo(silent)).toMatchObject({ width: 320, height: 180, hasAudio: false });
  });

  it("refuses what is not a video: sound only, text, an empty file, no file", async () => {
    const sound = join(dir, "tone.mp3");
    execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=duration=1", sound]);
    writeFileSync(join(dir, "notes.mp4"), "not a video at all");
    writeFileSync(join(dir, "empty.mp4"), "");
    await expect(probeVideo(sound)).rejects.toThrow(new IngestError("not a video: tone.mp3"));
    await expect(probeVideo(join(dir, "notes.mp4"))).rejects.toThrow("not a video: notes.mp4");
    await expect(probeVideo(join(dir, "empty.mp4"))).rejects.toThrow("empty file: empty.mp4");
    await expect(probeVideo(join(dir, "missing.mp4"))).rejects.toThrow(/^no such file/);
  });

  it("takes a file name that looks like an option or a protocol as a file", async () => {
    const odd = join(dir, "-i http:x;$(rm -rf).mp4");
    writeFileSync(odd, readFileSync(silent));
    expect((await probeVideo(odd)).width).toBe(320);
  });
});

describe("ladderFor", () => {
  it("climbs 360p/540p/720p/1080p up to the source, never above it, best first", () => {
    expect(ladderFor(1920, 1080).map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(["1080p 1920x1080", "720p 1280x720", "540p 960x540", "360p 640x360"]);
    expect(ladderFor(1280, 720).map((r) => r.name)).toEqual(["720p", "540p", "360p"]);
    expect(ladderFor(1000, 600).map((r) => r.name)).toEqual(["540p", "360p"]);
    expect(ladderFor(640, 360).map((r) => `${r.width}x${r.height}`)).toEqual(["640x360"]);
    expect(ladderFor(3840, 2160)[0]!.name).toBe("1080p");
  });

  it("gives a source below 360p one rendition at its own size, even", () => {
    expect(ladderFor(320, 180)).toMatchObject([{ name: "180p", width: 320, height: 180 }]);
    expect(ladderFor(321, 179)).toMatchObject([{ name: "178p", width: 320, height: 178 }]);
  });

  it("follows the source's shape with even sides, and measures a portrait video by its width", () => {
    expect(ladderFor(1440, 1080).map((r) => `${r.width}x${r.height}`)).toEqual(["1440x1080", "960x720", "720x540", "480x360"]);
    expect(ladderFor(720, 1280).map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(["720p 720x1280", "540p 540x960", "360p 360x640"]);
    for (const r of ladderFor(1000, 563)) expect([r.width % 2, r.height % 2]).toEqual([0, 0]);
  });
});

describe("transcodeHls", () => {
  it("writes the clips' layout: a master naming each rendition's fMP4 playlist, init section and 2 s segments, with progress", async () => {
    const probe = await probeVideo(withSound);
    const renditions = [
      { name: "360p", width: 640, height: 360, maxrate: 800_000 },
      { name: "180p", width: 320, height: 180, maxrate: 300_000 },
    ];
    const out = join(dir, "hls");
    const seen: number[] = [];
    await transcodeHls({ input: withSound, probe, renditions, outDir: out, onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= seen[i - 1]!))).toBe(true);
    const master = readFileSync(join(out, "master.m3u8"), "utf8");
    expect(master).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=(\d+),RESOLUTION=640x360,CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"\n360p\/index\.m3u8/);
    expect(master).toMatch(/RESOLUTION=320x180,[^\n]*\n180p\/index\.m3u8/);
    for (const r of renditions) {
      const files = readdirSync(join(out, r.name)).sort();
      expect(files).toEqual(["index.m3u8", "init.mp4", "seg-0.m4s", "seg-1.m4s", "seg-2.m4s"]);
      const playlist = readFileSync(join(out, r.name, "index.m3u8"), "utf8");
      expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
      expect([...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]))).toEqual([2, 2, 1]);
      // BANDWIDTH is the peak segment's rate, not the audio's 128 kb/s alone.
      const peak = Math.max(...files.filter((f) => f.endsWith(".m4s")).map((f) => readFileSync(join(out, r.name, f)).length));
      expect(master).toContain(`BANDWIDTH=${Math.ceil((peak * 8) / 2)},RESOLUTION=${r.width}x${r.height}`);
    }
    // Keyframes at the same times in both renditions: every segment starts with one (ffprobe reads the key flags).
    for (const r of renditions) {
      const keys = execFileSync("ffprobe", ["-v", "error", "-select_streams", "v", "-skip_frame", "nokey", "-show_entries", "frame=pts_time", "-of", "csv=p=0", join(out, r.name, "index.m3u8")], { encoding: "utf8" });
      expect(keys.split("\n").filter((t) => t.trim()).map((t) => Math.round(Number.parseFloat(t)))).toEqual([0, 2, 4]);
    }
  });

  it("gives a silent source no audio track, and makes a poster frame", async () => {
    const probe = await probeVideo(silent);
    const out = join(dir, "silent-hls");
    await transcodeHls({ input: silent, probe, renditions: ladderFor(probe.width, probe.height), outDir: out });
    expect(readFileSync(join(out, "master.m3u8"), "utf8")).toMatch(/RESOLUTION=320x180,CODECS="avc1\.[0-9a-f]+"\n180p\/index\.m3u8/);
    const poster = await posterFrame(silent, probe);
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it("stops ffmpeg when aborted", async () => {
    const probe = await probeVideo(withSound);
    const out = join(dir, "aborted");
    const abort = new AbortController();
    const run = transcodeHls({ input: withSound, probe, renditions: ladderFor(640, 360), outDir: out, preset: "veryslow", onProgress: () => abort.abort(), signal: abort.signal });
    await expect(run).rejects.toThrow(/abort/i);
    expect(existsSync(join(out, "master.m3u8"))).toBe(false);
  });
});
