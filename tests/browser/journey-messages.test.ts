import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { gatewayAndBrowser } from "../support/browser.ts";
import { DEMO } from "../support/gateway.ts";
import { returningMember, tapTab } from "../support/journey.ts";

const suite = gatewayAndBrowser();

const newShown = (page: Page) => page.$$eval(".notice-item .unread", (els) => els.filter((el) => el.checkVisibility()).map((el) => el.textContent));
const saysUnread = (page: Page) => page.evaluate(() => document.querySelector("main, body")!.textContent!.includes("未读"));

it("messages shown once are read in both places: the badge clears, and 站内消息 says 新 that once and never 未读", async () => {
  const { page } = await returningMember(suite.gw, suite.browser, { login: DEMO });
  await tapTab(page, "我的", "/my");
  const badge = await page.waitForSelector('a[href="/my/notice"] .count-badge', { visible: true });
  const unread = Number(await badge!.evaluate((el) => el.textContent));
  expect(unread).toBeGreaterThan(0);

  await page.locator('a[href="/my/notice"]').click();
  await page.waitForSelector(".notice-item", { visible: true });
  expect(await newShown(page)).toEqual(Array.from({ length: unread }, () => "新"));
  expect(await saysUnread(page)).toBe(false);

  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/my");
  await page.waitForFunction(() => !document.querySelector('a[href="/my/notice"] .count-badge'));

  // Forward to the screen seen before, and tapped again: read, nothing new.
  await page.goForward();
  await page.waitForFunction(() => location.pathname === "/my/notice");
  await page.waitForSelector(".notice-item", { visible: true });
  await page.waitForFunction(() => document.querySelectorAll(".notice-item .unread").length === 0);
  expect(await saysUnread(page)).toBe(false);
  await page.goBack();
  await page.waitForFunction(() => location.pathname === "/my");
  await page.locator('a[href="/my/notice"]').click();
  await page.waitForFunction(() => location.pathname === "/my/notice");
  await page.waitForSelector(".notice-item", { visible: true });
  expect(await newShown(page)).toEqual([]);
  expect(await saysUnread(page)).toBe(false);
});
