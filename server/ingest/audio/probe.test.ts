import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeAudio } from "./probe.ts";

let dir: string;
const made = (name: string, ...args: string[]) => {
  const file = join(dir, name);
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", ...args, file]);
  return file;
};

beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "ingest-audio-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("probeAudio", () => {
  it("reads the length of MP3, M4A and AAC chapters", async () => {
    for (const ext of ["mp3", "m4a", "aac"]) {
      const file = made(`chapter.${ext}`, "-f", "lavfi", "-i", "sine=frequency=330:duration=3");
      expect((await probeAudio(file)).duration).toBeCloseTo(3, 0);
    }
  });

  it("refuses a video, text named .mp3, an empty file and other extensions", async () => {
    const video = made("clip.m4a", "-f", "lavfi", "-i", "testsrc2=size=160x90:duration=1", "-f", "lavfi", "-i", "sine=duration=1", "-shortest", "-f", "mp4");
    writeFileSync(join(dir, "fake.mp3"), "ID3 but not really");
    writeFileSync(join(dir, "empty.aac"), "");
    const wav = made("tone.wav", "-f", "lavfi", "-i", "sine=duration=1");
    await expect(probeAudio(video)).rejects.toThrow("not audio: clip.m4a");
    await expect(probeAudio(join(dir, "fake.mp3"))).rejects.toThrow("not audio: fake.mp3");
    await expect(probeAudio(join(dir, "empty.aac"))).rejects.toThrow("empty file: empty.aac");
    await expect(probeAudio(wav)).rejects.toThrow("not an audio file (MP3, M4A or AAC): tone.wav");
  });
});
