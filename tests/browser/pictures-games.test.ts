import { expect, it } from "vitest";
import { pictures } from "#gateway/api/index.ts";
import { DEMO_GAME, gameLink } from "#server/resources/games/seed.ts";
import { DEMO_PICTURE_SET } from "#server/resources/pictures/seed.ts";
import { adultPhone, answerDialog, findText, gatewayAndBrowser, submitLogin, tapText } from "../support/browser.ts";
import { DEMO } from "../support/gateway.ts";

const suite = gatewayAndBrowser();
const { FREE_PICTURES } = pictures;

it("previews a set's free pictures with their index, buys the set and shows the rest; buys a game and opens its link outside the app", async () => {
  const page = await adultPhone(suite.browser);
  const { id, price, pictures: count } = DEMO_PICTURE_SET;
  await page.goto(`${suite.gw.url}/login?redirect=${encodeURIComponent(`/picture/detail?id=${id}`)}`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname === "/picture/detail");
  await findText(page, `图片 ${FREE_PICTURES} / ${count}`, "h2");
  expect(await page.$$eval(".picture-grid button", (b) => b.length)).toBe(FREE_PICTURES);
  expect(await page.$$eval(".picture-locked", (l) => l.length)).toBe(count - FREE_PICTURES);

  // The free ones preview as one group, with the index, and no loop past the last.
  await page.locator(`button[aria-label="查看第 2 张"]`).click();
  const index = await page.waitForSelector(".image-preview-index", { visible: true });
  expect(await index!.evaluate((e) => e.textContent!.replace(/\s+/g, ""))).toBe(`2/${FREE_PICTURES}`);
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector(".image-preview"));

  await tapText(page, `${price} 金币解锁`, "button");
  await answerDialog(page, "解锁");
  await findText(page, `图片 ${count} / ${count}`, "h2");
  expect(await page.$$eval(".picture-locked", (l) => l.length)).toBe(0);
  await page.locator(`button[aria-label="查看第 ${count} 张"]`).click();
  const last = await page.waitForSelector(".image-preview-index", { visible: true });
  expect(await last!.evaluate((e) => e.textContent!.replace(/\s+/g, ""))).toBe(`${count}/${count}`);
  await page.keyboard.press("Escape");

  // A game: its link is not on the screen before it is bought, and opens through the external-link rule after.
  await page.goto(`${suite.gw.url}/game/detail?id=${DEMO_GAME.id}`);
  await findText(page, `${DEMO_GAME.price} 金币解锁`, "button");
  expect(await page.$(".game-shots")).not.toBeNull();
  expect(await page.content()).not.toContain(gameLink(DEMO_GAME.id));
  await page.evaluate(() => {
    const opened: string[] = [];
    (window as unknown as { opened: string[] }).opened = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return null;
    };
  });
  await tapText(page, `${DEMO_GAME.price} 金币解锁`, "button");
  await answerDialog(page, "解锁");
  await tapText(page, "开始游戏", "button");
  expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([`${suite.gw.url}${gameLink(DEMO_GAME.id)}`]);
});
