import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { findText, gatewayAndBrowser } from "../support/browser.ts";
import { returningMember, stillControlled, tapFirst, tapTab } from "../support/journey.ts";

// An installed app reloaded offline keeps its shell: the tab bar, the offline banner and, where the place's
// content would be, why it cannot load (decision 074). The root's error page had replaced all of it, so a member
// reloading /home offline had no tab bar to go anywhere with, after a long session or right after installing.

const suite = gatewayAndBrowser();

const TABS = ["首页", "黑料", "资源", "暗网", "圈子", "我的"];

/** The visible tab bar's labels. */
const tabBar = (page: Page) =>
  page.$$eval("nav.tab-bar a", (links) => links.filter((a) => a.checkVisibility()).map((a) => a.textContent?.trim()));

/** Reloads offline and checks the shell: the place's title, the notice where its content would be, the tab bar. */
async function reloadOffline(page: Page, title: string) {
  await page.setOfflineMode(true);
  await page.reload();
  await findText(page, "网络已断开，请检查网络连接后重试", "section[contains(@class,'tab-place-error')]/p");
  await findText(page, "网络已断开，已缓存的页面仍可浏览", "div[@role='status']");
  await findText(page, title, "h1");
  expect(await tabBar(page)).toEqual(TABS);
  expect(await page.$(".error-page")).toBeNull();
  expect(await stillControlled(page)).toBe(true);
}

it("reloads /home offline with the tab bar and the offline notice, right after installing and after a long session", { timeout: 240_000 }, async () => {
  const { page } = await returningMember(suite.gw, suite.browser, { coins: 100 });

  // Right after installing.
  await reloadOffline(page, "首页");
  // Back online, the place loads by itself.
  await page.setOfflineMode(false);
  await page.waitForSelector('.video-section a[href^="/player"]', { visible: true });
  expect(await page.$(".tab-place-error")).toBeNull();

  // A longer session: a video, the search, 我的, and home again, by taps and back.
  await tapFirst(page, 'a[href^="/player"]');
  await page.waitForFunction(() => location.pathname === "/player");
  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/home");
  await tapFirst(page, "a.search-entry");
  await page.waitForFunction(() => location.pathname === "/search");
  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/home");
  await tapTab(page, "我的", "/my");
  await tapTab(page, "首页", "/home");
  await reloadOffline(page, "首页");

  // The tab bar works offline: another place the gateway cannot fill says so in its own place.
  await tapTab(page, "黑料", "/scandalous");
  await findText(page, "黑料", "h1");
  await findText(page, "网络已断开，请检查网络连接后重试", "section[contains(@class,'tab-place-error')]/p");
  expect(await tabBar(page)).toEqual(TABS);

  // Online again: the place on screen loads by itself, and home by the tab bar.
  await page.setOfflineMode(false);
  await page.waitForSelector("a.news-row", { visible: true });
  await tapTab(page, "首页", "/home");
  await page.waitForSelector('.video-section a[href^="/player"]', { visible: true });
});
