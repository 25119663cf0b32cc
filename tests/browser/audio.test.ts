import type { Browser, Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, resources } from "#gateway/api/index.ts";
import { FIRST_AUDIO_ID } from "#server/resources/audio/seed.ts";
import { adultPhone, launchBrowser, submitLogin } from "../support/browser.ts";
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
const inAppNavigate = (page: Page, to: string) =>
  page.evaluate((t) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(t), to);
const tapLabel = (page: Page, label: string) =>
  page.waitForFunction(
    (l) => {
      const el = [...document.querySelectorAll<HTMLButtonElement>(`button[aria-label="${l}"]`)].find((e) => e.checkVisibility() && !e.disabled);
      el?.click();
      return Boolean(el);
    },
    {},
    label,
  );

describe("the audio player", () => {
  it("plays on across screens, pauses from the mini player and resumes where it was left", async () => {
    const member = testClient(gw.url);
    const phone = "13311110000";
    member.state.token = (await member.send(accounts.register, { phone, password: "secret123" })).token;
    const page = await adultPhone(browser);
    await page.goto(`${gw.url}/login?redirect=${encodeURIComponent(`/audio/detail?id=${BOOK}`)}`);
    await submitLogin(page, phone, "secret123");
    await page.waitForFunction(() => location.pathname === "/audio/detail");
    await page.waitForSelector(".audio-chapter-main", { visible: true });
    // The book's own screen shows the full player, not the mini one.
    await tapLabel(page, "播放");
    await page.waitForFunction(() => {
      const a = document.querySelector("audio")!;
      return !a.paused && a.currentTime > 0.3;
    });
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
    await tapLabel(page, "暂停");
    await page.waitForFunction(() => document.querySelector("audio")!.paused);
    const left = await audioTime(page);
    expect(left).toBeGreaterThan(1);
    const chapter = await page.$eval(".audio-dock-title", (e) => e.textContent);
    await expect.poll(async () => (await member.send(resources.progress, { item_id: BOOK }))?.position ?? 0).toBeGreaterThan(left - 0.2);

    // Closed, then the book again: it offers to go on at the same place, and does.
    await tapLabel(page, "关闭播放器");
    await page.waitForFunction(() => !document.querySelector(".audio-dock"));
    await inAppNavigate(page, `/audio/detail?id=${BOOK}`);
    // (The first visit's page is kept, hidden, before this one: the visible one is read.)
    const shownNow = await page.waitForFunction(() => [...document.querySelectorAll(".audio-player-now")].find((e) => e.checkVisibility())?.textContent);
    expect(await shownNow.jsonValue()).toContain(chapter);
    await tapLabel(page, "继续播放");
    await page.waitForFunction(() => {
      const a = document.querySelector("audio")!;
      return !a.paused && a.currentTime > 0;
    });
    const resumed = await audioTime(page);
    expect(resumed).toBeGreaterThanOrEqual(left - 0.5);
    expect(resumed).toBeLessThan(left + 3);
    await page.close();
  });
});
