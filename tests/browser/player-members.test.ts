import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { resources, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID, SEEDED_DANMU } from "#server/content/seed.ts";
import { REPORT_TYPES } from "#server/seed/index.ts";
import { findText, tapText } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";
import { chooseQuality, inAppNavigate, showControls, videoSuite } from "../support/video-suite.ts";

// What the player keeps for a member (issue 36): the quality chosen, the place reached on another device, and bullet
// comments another member sees at their second.

const { suite, adultPhone, loggedIn, newMember } = videoSuite();

type V = HTMLVideoElement;
const shown = "[...document.querySelectorAll('video')].find((v) => v.checkVisibility())";
const playing = (page: Page) => page.waitForFunction(`(() => { const v = ${shown}; return !!v && !v.paused && v.currentTime > 0.2; })()`, { timeout: 20_000 });

/** Free videos of the seed: the first MP4 and HLS streams a visitor may watch. */
async function freeVideos(kind: "hls" | "mp4", count = 1) {
  const c = testClient(suite.gw.url);
  const found: number[] = [];
  for (let id = 1; id < 200 && found.length < count; id++) {
    const d = await c.send(video.detail, { id }).catch(() => null);
    if (d?.can_watch && /\.m3u8(\?|$)/.test(d.play_url) === (kind === "hls")) found.push(id);
  }
  if (found.length < count) throw new Error(`not enough free ${kind} videos in the seed`);
  return found;
}

describe("quality", () => {
  it("lists the stream's renditions by height beside 自动, switches to the one chosen, and keeps the choice", async () => {
    const [id] = await freeVideos("hls");
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${id}`);
    await playing(page);
    const choose = (label: string) => chooseQuality(page, label);
    await showControls(page);
    await page.locator("button[aria-label^='画质']").click();
    const options = await page.$$eval("[role=dialog][aria-label=画质] button[role=radio]", (bs) => bs.map((b) => b.textContent!.trim()));
    expect(options.slice(1)).toEqual(["540P", "270P"]);
    expect(options[0]).toMatch(/^自动/);
    await page.keyboard.press("Escape");
    await page.waitForSelector("[role=dialog][aria-label=画质]", { hidden: true });
    await choose("270P");
    await page.waitForFunction(`${shown}.videoHeight === 270`, { timeout: 20_000 });
    await choose("540P");
    await page.waitForFunction(`${shown}.videoHeight === 540`, { timeout: 20_000 });
    await page.reload();
    await playing(page);
    await page.waitForFunction(`${shown}.videoHeight === 540`, { timeout: 20_000 });
    expect(await page.$eval("button[aria-label^='画质']", (b) => b.textContent)).toBe("540P");
  });
});

describe("resume", () => {
  it("offers the place reached on one device on another, as 「上次看到…，继续播放」", async () => {
    const m = await newMember(0);
    const first = await loggedIn(m.phone, m.password);
    await inAppNavigate(first, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await playing(first);
    await first.evaluate(`(() => { const v = ${shown}; v.currentTime = 6; })()`);
    await first.waitForFunction(`${shown}.currentTime >= 6`);
    await first.evaluate(`${shown}.pause()`);
    // Saved on pause: the gateway has it.
    await expect.poll(async () => (await m.c.send(resources.progress, { item_id: DEMO_FREE_VIDEO_ID }))?.position ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);

    const second = await loggedIn(m.phone, m.password);
    await inAppNavigate(second, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await findText(second, "上次看到 00:06，");
    await second.locator(".resume-prompt button::-p-text(继续播放)").click();
    await second.waitForFunction(`(() => { const v = ${shown}; return !v.paused && v.currentTime >= 6; })()`, { timeout: 20_000 });
  });
});

describe("bullet comments", () => {
  /** Whether the bullets' canvas has anything drawn on it now. */
  const drawn = (page: Page) =>
    page.$eval(".player-stage canvas.danmaku-stage", (c) => {
      const canvas = c as HTMLCanvasElement;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
      return false;
    });

  it("sends a bullet at the current second, which another member then sees fly at that second; 弹 hides them", async () => {
    // A video with no seeded bullets.
    const [id] = (await freeVideos("mp4", 3)).filter((x) => x !== DEMO_FREE_VIDEO_ID);
    const author = await newMember(0);
    const page = await loggedIn(author.phone, author.password);
    await inAppNavigate(page, `/player?id=${id}`);
    await playing(page);
    await page.evaluate(`(() => { const v = ${shown}; v.pause(); v.currentTime = 4; })()`);
    await page.waitForFunction(`!${shown}.seeking`);
    await page.locator("input[aria-label=弹幕输入框]").fill("第一条测试弹幕");
    await page.locator("form[aria-label=发送弹幕] button[type=submit]").click();
    await page.waitForFunction(() => (document.querySelector("input[aria-label=弹幕输入框]") as HTMLInputElement).value === "");
    // The author's own shows at once.
    await page.waitForFunction((sel) => { const c = document.querySelector(sel) as HTMLCanvasElement | null; return !!c && c.width > 0; }, {}, ".player-stage canvas.danmaku-stage");

    const viewer = await newMember(0);
    const other = await loggedIn(viewer.phone, viewer.password);
    await inAppNavigate(other, `/player?id=${id}`);
    await playing(other);
    await other.evaluate(`(() => { const v = ${shown}; v.pause(); v.currentTime = 1; })()`);
    await other.waitForFunction(`!${shown}.seeking`);
    await other.waitForSelector(".player-stage canvas.danmaku-stage");
    expect(await drawn(other)).toBe(false);
    // Played past second 4, it flies.
    await other.evaluate(`(() => { const v = ${shown}; v.currentTime = 3.8; void v.play(); })()`);
    await other.waitForFunction(`${shown}.currentTime > 4.5`, { timeout: 20_000 });
    await expect.poll(() => drawn(other), { timeout: 10_000 }).toBe(true);
    // 弹 off: nothing drawn.
    await other.locator("button.danmaku-toggle").click();
    await expect.poll(() => drawn(other), { timeout: 10_000 }).toBe(false);
    expect(await other.$eval("button.danmaku-toggle", (b) => b.getAttribute("aria-pressed"))).toBe("false");
  });

  it("lists the bullets around the current second under 弹幕设置, each reported by 举报", async () => {
    const m = await newMember(0);
    const page = await loggedIn(m.phone, m.password);
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await playing(page);
    await page.evaluate(`${shown}.pause()`);
    await page.locator("button.danmaku-settings-button").click();
    const [, first] = SEEDED_DANMU[0]!;
    await page.waitForSelector(`.danmaku-nearby button[aria-label="举报弹幕：${first}"]`, { visible: true });
    await page.locator(`.danmaku-nearby button[aria-label="举报弹幕：${first}"]`).click();
    await page.waitForSelector(".adm-action-sheet-extra", { visible: true });
    await tapText(page, REPORT_TYPES[1]!, ".adm-action-sheet-button-item");
    await page.waitForFunction(() => document.querySelector(".adm-toast-main")?.textContent === "举报已提交");
  });
});
