import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../support/admin.ts";
import { adultPhone, launchBrowser, tapLabel } from "../support/browser.ts";
import { startTestGateway, type TestGateway } from "../support/gateway.ts";

// Issue 38: an audio book published with `content add-audio` plays in the app's audio player from its stored MP3
// (decision 085), for a visitor, since its first chapter is free.

let gw: TestGateway;
let browser: Browser;
let dir: string;
let id: number;

beforeAll(async () => {
  gw = await startTestGateway();
  // Headless Chromium has no speakers: media still plays (and its clock runs) on a silent output.
  browser = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
  dir = mkdtempSync(join(tmpdir(), "add-audio-browser-"));
  for (const [file, seconds] of [["1.mp3", 6], ["2.m4a", 3]] as const) {
    execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, join(dir, file)]);
  }
  const out = await runAdmin(gw, "content", "add-audio", dir, "--title", "入库收听测试", "--price-per-chapter", "3", "--free-chapters", "1", "--json");
  expect(out.code, out.stderr).toBe(0);
  id = (JSON.parse(out.stdout) as { id: number }).id;
});
afterAll(async () => {
  await browser?.close();
  await gw?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("an ingested audio book in the player", () => {
  it("plays its free first chapter from the stored MP3", async () => {
    const page = await adultPhone(browser);
    await page.goto(`${gw.url}/audio/detail?id=${id}`);
    await page.waitForSelector(".audio-chapter-main", { visible: true });
    await tapLabel(page, "播放");
    await page.waitForFunction(() => {
      const a = document.querySelector("audio")!;
      return !a.paused && a.currentTime > 0.5;
    });
    const src = await page.$eval("audio", (a) => (a as HTMLAudioElement).currentSrc);
    expect(new URL(src).pathname).toMatch(/^\/media\/audio\/\d+\.mp3$/);
    expect(await page.$eval("audio", (a) => Math.round((a as HTMLAudioElement).duration))).toBe(6);
  });
});
