import type { ElementHandle, Page } from "puppeteer";
import { expect, it } from "vitest";
import { clickText, findText, gatewayAndBrowser, tapLabel } from "../support/browser.ts";
import { returningMember, stillControlled, tapFirst, tapTab } from "../support/journey.ts";
import { swipe, tap } from "../support/touch.ts";

// Issue 33's journey "read a novel and leave it; play audio then a video": a returning member with the service
// worker in control, from the tab bar by taps. The reader turns pages by tap and by swipe, and its back leaves it
// the way it came (no loop between the reader and the book); a video started with sound pauses the audio book,
// and the mini player says so.

const suite = gatewayAndBrowser();

const shownReader = async (page: Page) =>
  (await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>("[data-testid=reader]")].find((r) => r.checkVisibility() && r.querySelector(".reader-columns p")))).asElement() as ElementHandle<HTMLElement>;

const onPage = (page: Page, n: number) =>
  page.waitForFunction((want) => [...document.querySelectorAll<HTMLElement>("[data-testid=reader]")].find((e) => e.checkVisibility())?.dataset.page === String(want), {}, n);

it("reads a novel by taps and swipes and leaves it without a loop, then plays an audio book and a video: the book pauses", { timeout: 240_000 }, async () => {
  const { page } = await returningMember(suite.gw, suite.browser, { coins: 100 });
  // The home notice came with the first screen of the first visit, if at all; none is up now.
  expect(await page.$$eval(".adm-dialog", (d) => d.filter((x) => x.checkVisibility()).length)).toBe(0);

  // A novel, from the 资源 tab.
  await tapTab(page, "资源", "/resource");
  await clickText(page, "小说", "a");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("type") === "novel");
  await tapFirst(page, 'a.resource-card[href^="/novel/detail"]');
  await page.waitForFunction(() => location.pathname === "/novel/detail");
  const detail = page.url();
  await clickText(page, "开始阅读", "button");
  await page.waitForFunction(() => location.pathname === "/novel/reader");
  let reader = await shownReader(page);

  // The first time on this device: the zones' hint, closed by its button.
  await findText(page, "左右滑动也可以翻页", "p");
  await clickText(page, "知道了", "button");
  await page.waitForSelector(".reader-hint", { hidden: true });

  // Pages turn by the right zone, and by a swipe either way.
  const box = (await reader.boundingBox())!;
  const y = box.y + box.height / 2;
  expect(Number(await reader.evaluate((r) => r.dataset.pages))).toBeGreaterThan(3);
  await tap(page, { x: box.x + box.width * 0.85, y });
  await onPage(page, 1);
  // The swipe's code comes after the first page (at idle, or with the first touch: decision 091).
  await page.waitForSelector('[data-testid="reader"][data-swipe="1"]');
  await swipe(page, { x: box.x + box.width * 0.8, y }, { x: box.x + box.width * 0.2, y }, 8);
  await onPage(page, 2);
  await swipe(page, { x: box.x + box.width * 0.2, y }, { x: box.x + box.width * 0.8, y }, 8);
  await onPage(page, 1);

  // The menu is opaque; its back leaves the reader for the book it came from, and the book's back leaves the book.
  // NOTE: Chromium takes a tap that comes while the swipe's fling is still running as the fling's stop (as a phone
  // does), so the middle is tapped again until the menu is up.
  for (let i = 0; i < 5 && !(await page.$(".reader-menu-top")); i++) {
    await tap(page, { x: box.x + box.width / 2, y });
    await page.waitForSelector(".reader-menu-top", { visible: true, timeout: 2000 }).catch(() => null);
  }
  const menu = await page.waitForSelector(".reader-menu-top", { visible: true });
  expect(await menu!.evaluate((m) => getComputedStyle(m).backgroundColor)).toMatch(/^rgb\(/);
  await tapFirst(page, '.reader-menu-top button[aria-label="返回"]');
  await page.waitForFunction((url) => location.href === url, {}, detail);
  await tapFirst(page, ".page-nav .adm-nav-bar-left");
  await page.waitForFunction(() => location.pathname === "/resource");
  expect(new URL(page.url()).searchParams.get("type")).toBe("novel");

  // Reopened, the hint does not come again.
  await tapFirst(page, 'a.resource-card[href^="/novel/detail"]');
  await page.waitForFunction(() => location.pathname === "/novel/detail");
  // 继续阅读 once the progress saved on leaving has reached the gateway, 开始阅读 until then: either reopens it.
  await page.waitForFunction(() => {
    const open = [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.checkVisibility() && /继续阅读|开始阅读/.test(b.textContent ?? ""));
    open?.click();
    return Boolean(open);
  });
  reader = await shownReader(page);
  expect(await page.$(".reader-hint")).toBeNull();
  await tap(page, { x: box.x + box.width / 2, y });
  await tapFirst(page, '.reader-menu-top button[aria-label="返回"]');
  await page.waitForFunction(() => location.pathname === "/novel/detail");
  await tapFirst(page, ".page-nav .adm-nav-bar-left");
  await page.waitForFunction(() => location.pathname === "/resource");

  // An audio book, from the 有声 tab of the same screen.
  await clickText(page, "有声", "a");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("type") === "audio");
  await tapFirst(page, 'a.resource-card[href^="/audio/detail"]');
  await page.waitForFunction(() => location.pathname === "/audio/detail");
  await page.waitForSelector(".audio-chapter-main", { visible: true });
  await tapLabel(page, "播放");
  await page.waitForFunction(() => {
    const a = document.querySelector("audio")!;
    return !a.paused && a.currentTime > 0.2;
  });

  // A video, from the home tab (back to the tabs first): started with sound, it pauses the book, and the mini
  // player shows it paused.
  await tapFirst(page, ".page-nav .adm-nav-bar-left");
  await page.waitForFunction(() => location.pathname === "/resource");
  await tapTab(page, "首页", "/home");
  await page.waitForSelector(".audio-dock", { visible: true });
  expect(await page.$('.audio-dock button[aria-label="暂停"]')).not.toBeNull();
  await tapFirst(page, "a.video-card");
  await page.waitForFunction(() => location.pathname === "/player");
  // Once its media is in: the player gives the video its source after the poster has painted (decision 092).
  const video = (await page.waitForFunction(() => [...document.querySelectorAll<HTMLVideoElement>("video")].find((v) => v.checkVisibility() && v.readyState >= 1))).asElement() as ElementHandle<HTMLVideoElement>;
  // NOTE: the native controls' play button is not in the page's DOM; this is what it does (with the tap's activation).
  await video.evaluate((v) => {
    v.muted = false;
    return v.play();
  });
  await page.waitForFunction(() => document.querySelector("audio")!.paused);
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLButtonElement>('.audio-dock button[aria-label="播放"]')].some((b) => b.checkVisibility()));
  expect(await video.evaluate((v) => !v.paused)).toBe(true);

  // The book again, from the mini player: the video pauses.
  await tapLabel(page, "播放");
  await page.waitForFunction(() => !document.querySelector("audio")!.paused);
  await page.waitForFunction(() => [...document.querySelectorAll("video")].every((v) => v.paused));
  expect(await stillControlled(page)).toBe(true);
});
