import Database from "better-sqlite3";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { accounts, comics } from "#gateway/api/index.ts";
import { FIRST_COMIC_ID, LONG_EPISODE_COMIC } from "#server/resources/comics/seed.ts";
import { adultPhone, answerDialog, findText, gatewayAndBrowser, submitLogin, tapText, inAppNavigate } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";

// Comics (issue 19) on an emulated phone: open a comic's detail, buy an episode through the unlock panel, read
// it (its pages decoded by the page worker), go to the next episode (locked: the unlock panel), and scroll a long
// episode with at most 12 decoded pages alive.

const suite = gatewayAndBrowser();
const COMIC = FIRST_COMIC_ID;

function coinsOf(phone: string): number {
  const db = new Database(join(suite.gw.dataDir, "gateway.sqlite"));
  try {
    return (db.prepare("SELECT coins FROM users WHERE phone = ?").get(phone) as { coins: number }).coins;
  } finally {
    db.close();
  }
}

async function member(coins: number): Promise<{ page: Page; phone: string }> {
  const c = testClient(suite.gw.url);
  const phone = "13855550000";
  const r = await c.send(accounts.register, { phone, password: "secret123" });
  const db = new Database(join(suite.gw.dataDir, "gateway.sqlite"));
  try {
    db.prepare("UPDATE users SET coins = ? WHERE uuid = ?").run(coins, r.uuid);
  } finally {
    db.close();
  }
  const page = await adultPhone(suite.browser);
  await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, phone, "secret123");
  await page.waitForFunction(() => location.pathname === "/my");
  return { page, phone };
}

/** The shown reader's page images (a screen kept for back holds its own, hidden), and how many have loaded. */
const pageImages = (page: Page) =>
  page.$$eval(".comic-page img", (imgs) => {
    const shown = (imgs as HTMLImageElement[]).filter((i) => i.checkVisibility());
    return { alive: shown.length, decoded: shown.filter((i) => i.src.startsWith("blob:") && i.naturalWidth > 0).length };
  });

it("opens a comic, buys an episode, reads it decoded, and goes on to the next (locked) episode", async () => {
  const { page, phone } = await member(50);
  const { comic, episodes } = await testClient(suite.gw.url).send(comics.listEpisode, { id: COMIC });
  const locked = episodes[2]!;
  expect(locked.can_open).toBe(0);

  await inAppNavigate(page, `/cartoon/cartoon-detail?id=${COMIC}`);
  await findText(page, comic.title, "h1");
  await findText(page, "选集", "h2");
  await page.waitForSelector('a.comic-share[href="/share/index"]');
  await findText(page, "本漫画需 20 金币", "p");

  // A locked episode opens the unlock panel; buying asks first, then the episode opens.
  await page.locator(`button[aria-label^="${locked.title}"]`).click();
  await tapText(page, "3 金币解锁", ".adm-popup button");
  await answerDialog(page, "解锁");
  await findText(page, "购买成功，花费 3 金币");
  await page.waitForSelector(`a.comic-episode[href*="episode=${locked.id}"]`);
  expect(coinsOf(phone)).toBe(47);

  // In the page: the sheet's mask may still be fading out over the list.
  await tapText(page, locked.title, "a.comic-episode");
  await page.waitForFunction((id) => location.pathname === "/cartoon/cartoon-read" && new URLSearchParams(location.search).get("episode") === String(id), {}, locked.id);
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".comic-page img")].some((i) => i.src.startsWith("blob:") && i.naturalWidth > 0));
  expect((await pageImages(page)).decoded).toBeGreaterThan(0);
  // Decrypted by the page worker, not on the page: the page itself fetched no encrypted image.
  const pageFetches = await page.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.includes("/media/enc/comic-")).length);
  expect(pageFetches).toBe(0);

  // The next episode is not bought: the reader shows the unlock panel in its place.
  await tapText(page, "下一话", ".comic-toolbar a");
  await page.waitForFunction((id) => new URLSearchParams(location.search).get("episode") === String(id), {}, episodes[3]!.id);
  await findText(page, "3 金币解锁", "button");
  expect(await page.$$eval(".comic-page", (boxes) => boxes.filter((b) => b.checkVisibility()).length)).toBe(0);
  await tapText(page, "上一话", ".comic-toolbar a");
  await page.waitForFunction((id) => new URLSearchParams(location.search).get("episode") === String(id), {}, locked.id);
  await page.waitForFunction(() => document.querySelectorAll(".comic-page img").length > 0);

  // A long episode scrolled to its end keeps at most 12 decoded pages alive.
  const long = (await testClient(suite.gw.url).send(comics.listEpisode, { id: LONG_EPISODE_COMIC })).episodes[0]!;
  await inAppNavigate(page, `/cartoon/cartoon-read?id=${LONG_EPISODE_COMIC}&episode=${long.id}`);
  await page.waitForFunction(() => [...document.querySelectorAll(".comic-page")].filter((p) => p.checkVisibility()).length === 60);
  let most = 0;
  for (let step = 0; step < 12; step++) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight * 3));
    await new Promise((r) => setTimeout(r, 120));
    most = Math.max(most, (await pageImages(page)).alive);
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('.comic-page[data-page="60"] img')?.naturalWidth ?? 0) > 0);
  expect(most).toBeLessThanOrEqual(12);
  expect((await pageImages(page)).alive).toBeLessThanOrEqual(12);
});
