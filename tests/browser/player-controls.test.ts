import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { answerDialog, findText, tapText } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";
import { doubleTap, drag, press, tap } from "../support/touch.ts";
import { inAppNavigate, showControls, videoSuite } from "../support/video-suite.ts";

// The player's own controls and gestures (issue 36), by touch on an emulated phone.

const { suite, adultPhone, loggedIn, newMember } = videoSuite();

type V = HTMLVideoElement;
// The shown player's video: screens kept alive behind it keep theirs.
const playing = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll("video")].some((v) => v.checkVisibility() && !v.paused && v.currentTime > 0.2), { timeout: 20_000 });
const paused = (page: Page) => page.waitForFunction(() => (document.querySelector("video") as V).paused);
const videoProp = <K extends keyof V>(page: Page, key: K) => page.$eval("video", (v, k) => (v as V)[k as keyof V], key) as Promise<V[K]>;

async function surface(page: Page) {
  await page.waitForSelector("[data-testid=player-surface]");
  const box = (await (await page.$("[data-testid=player-surface]"))!.boundingBox())!;
  // Off centre: a paused player has its play button in the middle.
  return { box, centre: { x: box.x + box.width * 0.3, y: box.y + box.height * 0.4 } };
}

async function freeVideo() {
  const page = await adultPhone();
  await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
  await playing(page);
  return page;
}

describe("player gestures", () => {
  it("toggles play with a double tap, and shows or hides the controls with a tap", async () => {
    const page = await freeVideo();
    const { centre } = await surface(page);
    await doubleTap(page, centre);
    await paused(page);
    await doubleTap(page, centre);
    await playing(page);
    // Playing, the controls hide by themselves; a tap brings them back.
    await page.waitForSelector(".player-controls.is-hidden", { timeout: 10_000 });
    await tap(page, centre);
    await page.waitForSelector(".player-controls:not(.is-hidden)");
    expect(await videoProp(page, "paused")).toBe(false);
  });

  it("plays at 2× while a finger is held down, with 「2× 快进中」, and at the chosen speed again once let go", async () => {
    const page = await freeVideo();
    const { centre } = await surface(page);
    const release = await press(page, centre);
    await findText(page, "2× 快进中");
    expect(await videoProp(page, "playbackRate")).toBe(2);
    await release();
    await page.waitForFunction(() => (document.querySelector("video") as V).playbackRate === 1);
    expect(await page.$(".player-hint")).toBeNull();
  });

  it("seeks by a sideways drag, showing the time it will go to", async () => {
    const page = await freeVideo();
    const { box, centre } = await surface(page);
    await doubleTap(page, centre);
    await paused(page);
    await page.$eval("video", (v) => void ((v as V).currentTime = 1));
    await page.waitForFunction(() => !(document.querySelector("video") as V).seeking);
    const duration = await videoProp(page, "duration");
    // Half the width: half the video (it is shorter than the 90 s a whole width spans).
    const release = await drag(page, { x: box.x + box.width * 0.2, y: centre.y }, { x: box.x + box.width * 0.7, y: centre.y });
    await page.waitForSelector(".player-hint");
    expect(await page.$eval(".player-hint", (e) => e.textContent)).toBe(`${fmt(1 + duration / 2)} / ${fmt(duration)}`);
    await release();
    await page.waitForFunction((to) => Math.abs((document.querySelector("video") as V).currentTime - to) < 0.3, {}, 1 + duration / 2);
  });

  it("changes the volume on the right half and the brightness on the left half by dragging up and down in fullscreen", async () => {
    const page = await freeVideo();
    await (await page.$("[aria-label=全屏]"))!.tap();
    await page.waitForFunction(() => document.fullscreenElement?.classList.contains("video-player"));
    await page.$eval("video", (v) => void ((v as V).volume = 0.5));
    const { box } = await surface(page);
    let release = await drag(page, { x: box.x + box.width * 0.8, y: box.y + box.height * 0.7 }, { x: box.x + box.width * 0.8, y: box.y + box.height * 0.45 });
    await findText(page, "音量 75%");
    await release();
    expect(await videoProp(page, "volume")).toBeCloseTo(0.75, 1);
    release = await drag(page, { x: box.x + box.width * 0.2, y: box.y + box.height * 0.3 }, { x: box.x + box.width * 0.2, y: box.y + box.height * 0.6 });
    await findText(page, "亮度 70%");
    await release();
    expect(Number(await page.$eval(".player-dim", (d) => getComputedStyle(d).opacity))).toBeCloseTo(0.3, 1);
  });
});

const fmt = (s: number) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

describe("player settings", () => {
  it("plays at the speed chosen, and keeps it on the device for the next video", async () => {
    const page = await freeVideo();
    await showControls(page);
    await page.locator("button::-p-text(倍速)").click();
    await page.locator("[role=dialog][aria-label=倍速] button::-p-text(1.5x)").click();
    await page.waitForFunction(() => (document.querySelector("video") as V).playbackRate === 1.5);
    await page.reload();
    await playing(page);
    expect(await videoProp(page, "playbackRate")).toBe(1.5);
    expect(await page.$eval(".player-bar", (b) => b.textContent)).toContain("1.5x");
  });
});

describe("player and the system", () => {
  it("names the video to the system's media controls, and goes on by itself where it was left in this session", async () => {
    const page = await freeVideo();
    const title = await page.$eval(".player-title", (h) => h.textContent);
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(title);
    await page.$eval("video", (v) => void ((v as V).currentTime = 6));
    await page.waitForFunction(() => (document.querySelector("video") as V).currentTime >= 6);
    await page.$eval("video", (v) => (v as V).pause());
    await page.reload();
    await playing(page);
    expect(await videoProp(page, "currentTime")).toBeGreaterThanOrEqual(6);
    expect(await page.$(".resume-prompt")).toBeNull();
  });
});

describe("picture-in-picture", () => {
  it("floats the video in its own window from 更多设置, where the browser has one", async () => {
    const page = await freeVideo();
    expect(await page.evaluate(() => document.pictureInPictureEnabled)).toBe(true);
    await showControls(page);
    await page.locator("[aria-label=更多设置]").click();
    await (await page.$("[role=dialog][aria-label=更多设置] ::-p-text(画中画)"))!.tap();
    await page.waitForFunction(() => document.pictureInPictureElement === document.querySelector("video"));
  });
});

describe("a paid video's preview", () => {
  it("plays the preview (试看中), offers the unlock in place at its end, and after unlocking plays on from there", async () => {
    const m = await newMember(500);
    const page = await loggedIn(m.phone, m.password);
    const { coins: price } = await m.c.send(video.detail, { id: DEMO_LOCKED_VIDEO_ID });
    await inAppNavigate(page, `/player?id=${DEMO_LOCKED_VIDEO_ID}`);
    await findText(page, "试看中");
    // The badge can show before the player's <video> is in (its controls load after the first paint).
    await page.waitForSelector(".player-stage video");
    await page.waitForFunction(() => ((document.querySelector(".player-stage video") as HTMLVideoElement).currentSrc || "") !== "");
    expect(await page.$eval(".player-stage video", (v) => (v as V).currentSrc)).toMatch(/^blob:|\/preview\//);
    await page.$eval(".player-stage video", (v) => void (v as V).play());
    // Its end: the panel takes the picture's place.
    await page.waitForSelector(".player-stage .locked-panel", { timeout: 20_000 });
    expect(await page.$(".player-stage video")).toBeNull();
    const stoppedAt = 2;
    await tapText(page, `${price} 金币解锁`, "button");
    await answerDialog(page, "解锁");
    await page.waitForSelector(".player-stage video");
    await page.waitForFunction((at) => { const v = document.querySelector(".player-stage video") as V; return !v.paused && v.currentTime > at; }, { timeout: 20_000 }, stoppedAt - 0.3);
    expect(await page.$("::-p-text(试看中)")).toBeNull();
  });
});

describe("what plays next", () => {
  /** A free video whose series has one after it (series list oldest first). */
  async function seriesPair() {
    const c = testClient(suite.gw.url);
    for (let id = 1; id < 100; id++) {
      const d = await c.send(video.detail, { id });
      if (!d.series_id || !d.can_watch) continue;
      const list = (await c.send(video.byElement, { element_id: d.series_id, page: 1, limit: 50 })).list;
      const at = list.findIndex((v) => v.id === id);
      if (at >= 0 && list[at + 1]) return { id, next: list[at + 1]! };
    }
    throw new Error("no free video with a next one in its series in the seed");
  }

  const toEnd = (page: Page) => page.$eval("video", (v) => { const e = v as V; e.currentTime = e.duration - 0.3; void e.play(); });

  it("starts the next video of the series after a 5 s countdown", async () => {
    const { id, next } = await seriesPair();
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${id}`);
    await playing(page);
    await toEnd(page);
    await findText(page, `：${next.title}`);
    await page.waitForFunction((n) => location.search === `?id=${n}`, { timeout: 15_000 }, next.id);
    await playing(page);
  });

  it("stays when the countdown is cancelled", async () => {
    const { id, next } = await seriesPair();
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${id}`);
    await playing(page);
    await toEnd(page);
    await page.locator(".next-countdown button::-p-text(取消)").click();
    await findText(page, `接下来播放：${next.title}`);
    await new Promise((r) => setTimeout(r, 6000));
    expect(new URL(page.url()).searchParams.get("id")).toBe(String(id));
  });

  it("only offers the next video when 自动连播 is off", async () => {
    const { id, next } = await seriesPair();
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${id}`);
    await playing(page);
    await showControls(page);
    await page.locator("[aria-label=更多设置]").click();
    await page.locator("label::-p-text(自动连播) input").click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("___PLAYER__")!).autoplayNext)).toBe(false);
    await toEnd(page);
    await findText(page, `接下来播放：${next.title}`);
    expect(await page.$(".next-countdown [role=timer]")).toBeNull();
    await page.locator(".next-countdown a::-p-text(立即播放)").click();
    await page.waitForFunction((n) => location.search === `?id=${n}`, {}, next.id);
  });
});
