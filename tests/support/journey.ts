import type { Browser, ElementHandle, Page } from "puppeteer";
import { accounts } from "#gateway/api/index.ts";
import { adultPhone, clickText, submitLogin } from "./browser.ts";
import { testClient, type TestGateway } from "./gateway.ts";

/**
 * A member's journey starts as a returning visitor: the app installed (its service worker active and in control
 * of the page, so navigations and the app's files go through it), signed in, on /home. Journeys then go on by
 * taps from the tab bar, never by typing an address.
 */
export interface JourneyMember {
  page: Page;
  phone: string;
  password: string;
  uuid: string;
}

let nextPhone = 13_700_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/**
 * Registers a new member with `coins` (set in `gw`'s database; SQLite or PostgreSQL), or takes `login` as given
 * (the demo member), signs them in on an emulated iPhone 13 past the age gate, waits for the service worker to
 * control the page, reloads as a returning visitor would, and ends on /home.
 */
export async function returningMember(
  gw: TestGateway,
  browser: Browser,
  opts: { coins?: number; login?: { phone: string; password: string } } = {},
): Promise<JourneyMember> {
  let phone: string;
  let password: string;
  let uuid: string;
  if (opts.login) {
    ({ phone, password } = opts.login);
    const c = testClient(gw.url);
    uuid = (await c.send(accounts.loginByPassword, opts.login)).uuid;
  } else {
    phone = String(nextPhone++);
    password = "secret123";
    const r = await testClient(gw.url).send(accounts.register, { phone, password });
    uuid = r.uuid;
    if (opts.coins !== undefined) {
      const db = gw.openDb();
      try {
        await db.run("UPDATE users SET coins = ? WHERE uuid = ?", [opts.coins, uuid]);
      } finally {
        await db.close();
      }
    }
  }
  const page = await adultPhone(browser, { serviceWorker: true });
  await page.goto(`${gw.url}/login?redirect=%2Fhome`);
  await submitLogin(page, phone, password);
  await page.waitForFunction(() => location.pathname === "/home");
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker?.ready), { timeout: 30_000 });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null && location.pathname === "/home", { timeout: 30_000 });
  return { page, phone, password, uuid };
}

/** Taps a tab of the tab bar (首页, 黑料, 资源, 暗网, 圈子, 我的) and waits for its screen. */
export async function tapTab(page: Page, label: string, path: string) {
  await clickText(page, label, "nav//a");
  await page.waitForFunction((p) => location.pathname === p, {}, path);
}

/** The service worker still controls the page (a journey that left the app and came back is still installed). */
export async function stillControlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** Taps the first visible element matching `selector` (kept-alive screens stay in the page, hidden). */
export async function tapFirst(page: Page, selector: string) {
  for (let attempt = 0; ; attempt++) {
    const link = (await page.waitForFunction((s) => [...document.querySelectorAll<HTMLElement>(s)].find((e) => e.checkVisibility()), {}, selector)).asElement() as ElementHandle<HTMLElement>;
    try {
      return await link.click();
    } catch (error) {
      // A list drawn again between finding the element and tapping it: find it again.
      if (attempt >= 3 || !/detached|not clickable|not an Element/i.test(String(error))) throw error;
    }
  }
}

/** Taps the shown screen's own back control (the title bar's 返回) and waits for `path`. */
export async function tapBack(page: Page, path: string) {
  await page.waitForFunction(() => {
    const back = [...document.querySelectorAll<HTMLElement>(".page-nav .adm-nav-bar-left")].find((b) => b.checkVisibility());
    back?.click();
    return Boolean(back);
  });
  await page.waitForFunction((p) => location.pathname === p, {}, path);
}
