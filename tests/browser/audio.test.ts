import type { Browser, Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, resources } from "#gateway/api/index.ts";
import { FIRST_AUDIO_ID } from "#server/resources/audio/seed.ts";
import { adultPhone, clickText, findText, launchBrowser, submitLogin, tapLabel, inAppNavigate } from "../support/browser.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// Audio books on an emulated phone (issue 19): a chapter plays on while the member browses other screens, the
// mini player pauses it, and the book reopens where they left off.

let gw: TestGateway;
let browser: Browser;
beforeAll(async () => {
  gw = await startTestGateway();
  // Headless Chromium has no speakers: media still plays (and its clock runs) on a silent output.
  browser = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
});
afterAll(async () => {
  await browser?.close();
  await gw?.close();
});

const BOOK = FIRST_AUDIO_ID;
const audioTime = (page: Page) => page.$eval("audio", (a) => (a as HTMLAudioElement).currentTime);
/** A member who has just started the book's first open chapter on its own screen, on an emulated phone. */
async function listening(phone: string, past = 0.3) {
  const member = testClient(gw.url);
  member.state.token = (await member.send(accounts.register, { phone, password: "secret123" })).token;
  const page = await adultPhone(browser);
  await page.goto(`${gw.url}/login?redirect=${encodeURIComponent(`/audio/detail?id=${BOOK}`)}`);
  await submitLogin(page, phone, "secret123");
  await page.waitForFunction(() => location.pathname === "/audio/detail");
  await page.waitForSelector(".audio-chapter-main", { visible: true });
  await tapLabel(page, "播放");
  await page.waitForFunction((t) => {
    const a = document.querySelector("audio")!;
    return !a.paused && a.currentTime > t;
  }, {}, past);
  return { member, page };
}

/** Pauses from the mini player: where it stopped, and the chapter it shows. */
async function pauseFromDock(page: Page) {
  await tapLabel(page, "暂停");
  await page.waitForFunction(() => document.querySelector("audio")!.paused);
  return { left: await audioTime(page), chapter: await page.$eval(".audio-dock-title", (e) => e.textContent) };
}

/** Taps `label` and checks it plays on from `left` (not from the start, not far past it). */
async function expectResumedAt(page: Page, label: string, left: number) {
  await tapLabel(page, label);
  await page.waitForFunction(() => {
    const a = document.querySelector("audio")!;
    return !a.paused && a.currentTime > 0;
  });
  const resumed = await audioTime(page);
  expect(resumed).toBeGreaterThanOrEqual(left - 0.5);
  expect(resumed).toBeLessThan(left + 3);
}

describe("the audio player", () => {
  it("plays on across screens, pauses from the mini player and resumes where it was left", async () => {
    const { member, page } = await listening("13311110000");
    // The book's own screen shows the full player, not the mini one.
    expect(await page.$(".audio-dock")).toBeNull();
    // The lock screen shows the chapter and the book.
    expect(await page.evaluate(() => [navigator.mediaSession.metadata?.title, navigator.mediaSession.metadata?.artist])).toEqual([
      await page.$eval(".audio-player-now", (e) => e.textContent),
      await page.$eval(".audio-head-text h1", (e) => e.textContent),
    ]);

    // Another screen (a tab): the mini player is there, above the tab bar, and the clock keeps running.
    await inAppNavigate(page, "/my");
    await page.waitForSelector(".audio-dock.above-tabs", { visible: true });
    const t1 = await audioTime(page);
    await page.waitForFunction((t) => document.querySelector("audio")!.currentTime > t + 0.8, {}, t1);
    const layout = await page.evaluate(() => {
      const dock = document.querySelector(".audio-dock")!.getBoundingClientRect();
      const bar = document.querySelector(".tab-bar")!.getBoundingClientRect();
      const shell = [...document.querySelectorAll<HTMLElement>(".tabs-shell")].find((e) => e.checkVisibility())!;
      return { dockBottom: dock.bottom, barTop: bar.top, padding: parseFloat(getComputedStyle(shell).paddingBottom), dockHeight: dock.height + bar.height };
    });
    expect(layout.dockBottom).toBeLessThanOrEqual(layout.barTop + 0.5);
    expect(layout.padding).toBeGreaterThanOrEqual(layout.dockHeight - 1);
    // A sub-page too, at its foot.
    await inAppNavigate(page, "/my/setting");
    await page.waitForSelector(".audio-dock:not(.above-tabs)", { visible: true });

    // Paused from the mini player: the position is kept on the device and in the gateway.
    const { left, chapter } = await pauseFromDock(page);
    expect(left).toBeGreaterThan(1);
    await expect.poll(async () => (await member.send(resources.progress, { item_id: BOOK }))?.position ?? 0).toBeGreaterThan(left - 0.2);

    // Closed, then the book again: it offers to go on at the same place, and does.
    await tapLabel(page, "关闭播放器");
    await page.waitForFunction(() => !document.querySelector(".audio-dock"));
    await inAppNavigate(page, `/audio/detail?id=${BOOK}`);
    // (The first visit's page is kept, hidden, before this one: the visible one is read.)
    const shownNow = await page.waitForFunction(() => [...document.querySelectorAll(".audio-player-now")].find((e) => e.checkVisibility())?.textContent);
    expect(await shownNow.jsonValue()).toContain(chapter);
    await expectResumedAt(page, "继续播放", left);
    await page.close();
  });

  it("keeps the book loaded across a reload, paused at the place left, and plays on from there; logging out takes it away", async () => {
    const { page } = await listening("13311110001", 1.2);
    await inAppNavigate(page, "/my");
    await page.waitForSelector(".audio-dock.above-tabs", { visible: true });
    const { left, chapter } = await pauseFromDock(page);

    await page.reload();
    // The mini player is back, paused, with nothing loaded in the element yet; no chapter address was kept.
    await page.waitForSelector(".audio-dock.above-tabs", { visible: true });
    expect(await page.$eval(".audio-dock-title", (e) => e.textContent)).toBe(chapter);
    expect(await page.$eval("audio", (a) => a.getAttribute("src"))).toBeNull();
    expect(await page.$('.audio-dock button[aria-label="播放"]')).not.toBeNull();
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("___AUDIO__") ?? "{}") as { chapters?: { audio_url: unknown }[] });
    expect(kept.chapters?.length).toBeGreaterThan(0);
    expect(kept.chapters!.every((c) => c.audio_url === null)).toBe(true);
    // Its bar shows the place left.
    expect(await page.$eval(".audio-dock-progress", (e) => Number(e.getAttribute("aria-valuenow")))).toBeGreaterThan(0);

    // Offline, with no copy saved on the device: play says once, in the player's words, that it cannot play.
    await page.evaluate(() => {
      const w = window as unknown as { toasts: string[] };
      w.toasts = [];
      new MutationObserver(() => {
        // antd-mobile's toast, or the app's own while its code cannot load (offline before any touch, decision 093).
        for (const t of document.querySelectorAll(".adm-toast-main, .plain-toast")) if (t.textContent && w.toasts.at(-1) !== t.textContent) w.toasts.push(t.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.setOfflineMode(true);
    await tapLabel(page, "播放");
    await page.waitForFunction(() => (window as unknown as { toasts: string[] }).toasts.length > 0);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await page.evaluate(() => (window as unknown as { toasts: string[] }).toasts)).toEqual(["该章节暂时无法播放，请打开书页重试"]);
    expect(await page.$eval("audio", (a) => a.getAttribute("src"))).toBeNull();
    await page.setOfflineMode(false);

    await expectResumedAt(page, "播放", left);

    // Logging out stops it, and the next visit has no mini player.
    await inAppNavigate(page, "/my/setting");
    // Scrolled to the foot first: the page is padded so the mini player covers none of it once there.
    await findText(page, "退出登录", "button");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await clickText(page, "退出登录", "button");
    await page.waitForSelector(".adm-dialog-button", { visible: true });
    await page.locator(".adm-dialog-button ::-p-text(退出)").click();
    await page.waitForFunction(() => location.pathname === "/home");
    expect(await page.$eval("audio", (a) => (a as HTMLAudioElement).paused)).toBe(true);
    await page.reload();
    await page.waitForSelector(".tab-bar", { visible: true });
    expect(await page.$(".audio-dock")).toBeNull();
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem("___AUDIO__") ?? "{}") as { book?: unknown }).book ?? null)).toBeNull();
    await page.close();
  });
});
