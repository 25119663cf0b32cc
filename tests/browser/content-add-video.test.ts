import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../support/admin.ts";
import { chooseQuality, showControls, videoSuite } from "../support/video-suite.ts";

// Issue 38: a video published with `content add-video` plays on an emulated phone through the app's player, in the
// renditions its ladder made (decision 085), switched from the quality menu.

const { suite, adultPhone } = videoSuite();
let dir: string;
let id: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "add-video-browser-"));
  const source = join(dir, "sample.mp4");
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=960x540:rate=24:duration=8", "-f", "lavfi", "-i", "sine=frequency=440:duration=8", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", source]);
  const out = await runAdmin(suite.gw, "content", "add-video", source, "--title", "入库播放测试", "--json");
  expect(out.code, out.stderr).toBe(0);
  id = (JSON.parse(out.stdout) as { id: number }).id;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shown = "[...document.querySelectorAll('video')].find((v) => v.checkVisibility())";
const playing = (page: Page) => page.waitForFunction(`(() => { const v = ${shown}; return !!v && !v.paused && v.currentTime > 0.2; })()`, { timeout: 30_000 });

describe("an ingested video in the player", () => {
  it("plays, and switches between its 540P and 360P renditions", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${id}`);
    await page.waitForFunction((title) => document.body.innerText.includes(title), {}, "入库播放测试");
    await playing(page);
    const choose = (label: string) => chooseQuality(page, label);
    await showControls(page);
    await page.locator("button[aria-label^='画质']").click();
    const options = await page.$$eval("[role=dialog][aria-label=画质] button[role=radio]", (bs) => bs.map((b) => b.textContent!.trim()));
    expect(options.slice(1)).toEqual(["540P", "360P"]);
    await page.keyboard.press("Escape");
    await page.waitForSelector("[role=dialog][aria-label=画质]", { hidden: true });
    await choose("360P");
    await page.waitForFunction(`${shown}.videoHeight === 360`, { timeout: 30_000 });
    await choose("540P");
    await page.waitForFunction(`${shown}.videoHeight === 540`, { timeout: 30_000 });
  });
});
