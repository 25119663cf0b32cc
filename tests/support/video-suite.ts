import Database from "better-sqlite3";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { accounts } from "#gateway/api/index.ts";
import { gatewayAndBrowser, submitLogin, adultPhone as adultPhoneIn } from "./browser.ts";
import { DEMO, testClient } from "./gateway.ts";
import { tap } from "./touch.ts";

// What the video browser runs share (one gateway and one browser per file): a logged-in phone, new members with
// coins, and waits on the router and on overlays.

export const visible = (page: Page, selector: string) =>
  page.waitForFunction((sel) => [...document.querySelectorAll<HTMLElement>(sel)].some((e) => e.checkVisibility()), {}, selector);
export const noneVisible = (page: Page, selector: string) =>
  page.waitForFunction((sel) => ![...document.querySelectorAll<HTMLElement>(sel)].some((e) => e.checkVisibility()), {}, selector);
export const sheetIdle = (page: Page, cls: string) =>
  page.waitForFunction((c) => document.querySelector<HTMLElement>(`.${c}`)?.style.pointerEvents === "unset", {}, cls);

/** Brings back the controls, which hide after 3 s of play, with a tap on the picture, as a person does. */
export async function showControls(page: Page) {
  if (!(await page.$(".player-controls.is-hidden"))) return;
  const box = (await (await page.$("[data-testid=player-surface]"))!.boundingBox())!;
  await tap(page, { x: box.x + box.width * 0.3, y: box.y + box.height * 0.4 });
  await page.waitForSelector(".player-controls:not(.is-hidden)");
}

/** Picks a rendition (`540P`, `自动`…) from the player's 画质 menu. */
export async function chooseQuality(page: Page, label: string) {
  await showControls(page);
  await page.locator("button[aria-label^='画质']").click();
  await page.locator(`[role=dialog][aria-label=画质] button::-p-text(${label})`).click();
}

export const maxRow = (page: Page) => page.$$eval(".video-feed-row", (rows) => Math.max(-1, ...rows.map((r) => Number(r.getAttribute("data-index")))));
export { inAppNavigate, routerIdle } from "./browser.ts";

export async function loginToken(c: ReturnType<typeof testClient>) {
  const r = await c.send(accounts.loginByPassword, DEMO);
  c.state.token = r.token;
  return c;
}

/** A gateway and a browser for one test file, with the helpers bound to them. */
export function videoSuite() {
  const suite = gatewayAndBrowser();
  const adultPhone = () => adultPhoneIn(suite.browser);

  async function loggedIn(phone = DEMO.phone, password = DEMO.password): Promise<Page> {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
    await submitLogin(page, phone, password);
    await page.waitForFunction(() => location.pathname === "/my");
    return page;
  }

  function setCoins(uuid: string, coins: number) {
    const db = new Database(join(suite.gw.dataDir, "gateway.sqlite"));
    try {
      db.prepare("UPDATE users SET coins = ? WHERE uuid = ?").run(coins, uuid);
    } finally {
      db.close();
    }
  }

  let phoneSeq = 13_822_220_000;
  /** A newly registered member (its own purchases, follows and likes), with `coins` set in the database. */
  async function newMember(coins: number) {
    const c = testClient(suite.gw.url);
    const phone = String(phoneSeq++);
    const r = await c.send(accounts.register, { phone, password: "secret123" });
    c.state.token = r.token;
    setCoins(r.uuid, coins);
    return { c, phone, password: "secret123", uuid: r.uuid };
  }

  return { suite, adultPhone, loggedIn, newMember, setCoins };
}
