import type { Browser, Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickText, findText, launchBrowser, phonePage, submitLogin } from "../support/browser.ts";
import { DEMO, startTestGateway, type TestGateway } from "../support/gateway.ts";

let gw: TestGateway;
let browser: Browser;
beforeAll(async () => {
  gw = await startTestGateway();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await gw?.close();
});

const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

/** A phone that has already passed the age gate. */
async function enteredPhone(): Promise<Page> {
  const page = await phonePage(browser);
  await page.goto(`${gw.url}/`);
  await clickText(page, "我已年满 18 岁，进入", "button");
  await page.waitForFunction(() => location.pathname === "/home");
  return page;
}

async function login(page: Page) {
  await page.goto(`${gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname === "/my");
}

describe("age gate", () => {
  it("asks once, remembers the answer and keeps the aff_code", async () => {
    const page = await phonePage(browser);
    await page.goto(`${gw.url}/?aff_code=INV123`);
    await findText(page, "年满 18 周岁确认");
    await clickText(page, "我已年满 18 岁，进入", "button");
    await page.waitForFunction(() => location.pathname === "/home");
    expect(await page.evaluate(() => localStorage.getItem("___AFF_CODE__"))).toBe("INV123");
    await page.goto(`${gw.url}/`);
    await page.waitForFunction(() => location.pathname === "/home");
  });

  it("sends a visitor who leaves away", async () => {
    const page = await phonePage(browser);
    await page.goto(`${gw.url}/`);
    await clickText(page, "未满 18 岁，离开", "button");
    await page.waitForFunction(() => location.href === "about:blank");
  });
});

describe("tab bar", () => {
  it("lists the six sections in order as real links and highlights the current one", async () => {
    const page = await enteredPhone();
    await findText(page, "暂未开放");
    const tabs = await page.$$eval("nav.tab-bar a", (links) => links.filter((a) => (a as HTMLElement).offsetParent).map((a) => [a.textContent, a.getAttribute("href"), a.classList.contains("active")]));
    expect(tabs).toEqual([
      ["⌂首页", "/home", true],
      ["◉黑料", "/scandalous", false],
      ["▤资源", "/resource", false],
      ["◐暗网", "/dark_web", false],
      ["◎圈子", "/post", false],
      ["☺我的", "/my", false],
    ]);
    await clickText(page, "暗网", "a");
    await page.waitForFunction(() => location.pathname === "/dark_web");
    // The URL changes a moment before the new screen commits: wait for the visible highlight.
    await page.waitForFunction(() => {
      const shown = [...document.querySelectorAll("nav.tab-bar a.active")].filter((a) => (a as HTMLElement).offsetParent);
      return shown.length === 1 && shown[0]!.getAttribute("href") === "/dark_web";
    });
  });
});

describe("accounts", () => {
  it("logs in with the demo account, shows coins on /my, and logs out", async () => {
    const page = await enteredPhone();
    await page.goto(`${gw.url}/my`);
    await findText(page, "游客");
    await login(page);
    await findText(page, "演示会员");
    const coins = await page.$eval('[data-testid="coins"]', (el) => (el.checkVisibility() ? el.textContent : null));
    expect(coins).toBe("1000");
    await findText(page, "VIP");

    await page.goto(`${gw.url}/setting`);
    await clickText(page, "退出登录", "button");
    await page.waitForSelector(".adm-dialog-button", { visible: true });
    await page.locator(".adm-dialog-button ::-p-text(退出)").click();
    await page.waitForFunction(() => location.pathname === "/home");
    expect(await page.evaluate(() => localStorage.getItem("___USER__TOKEN"))).toBeNull();
    await page.goto(`${gw.url}/my`);
    await findText(page, "游客");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("___USER__TOKEN") ?? "{}"));
    expect(stored).toMatchObject({ isLogin: false, token: "" });
  });

  it("shows the server's message for a wrong password and stays on the login page", async () => {
    const page = await enteredPhone();
    await page.goto(`${gw.url}/login`);
    await submitLogin(page, DEMO.phone, "wrong-password");
    await findText(page, "手机号或密码错误");
    expect(path(page)).toBe("/login");
  });

  it("sends an anonymous visitor of a member page to login and back after", async () => {
    const page = await enteredPhone();
    await page.goto(`${gw.url}/setting`);
    await page.waitForFunction(() => location.pathname === "/login");
    expect(path(page)).toBe("/login?redirect=%2Fsetting");
    await submitLogin(page, DEMO.phone, DEMO.password);
    await page.waitForFunction(() => location.pathname === "/setting");
  });
});

describe("not found", () => {
  it("answers unknown paths and /ai paths with the 404 page", async () => {
    const page = await enteredPhone();
    for (const p of ["/nope", "/ai/undress"]) {
      await page.goto(`${gw.url}${p}`);
      await findText(page, `Page Not Found: ${p}`);
      await findText(page, "404");
    }
  });

  it("lands old hash links on their path", async () => {
    const page = await enteredPhone();
    await page.goto(`${gw.url}/#/announcement?from=share`);
    await page.waitForFunction(() => location.pathname === "/announcement");
    expect(path(page)).toBe("/announcement?from=share");
  });
});

describe("keep-alive", () => {
  it("returns to a page's scroll position and loaded items on back", async () => {
    const page = await enteredPhone();
    await page.goto(`${gw.url}/announcement`);
    await findText(page, "第36期");
    // Scroll to the end so the next page loads, then to a fixed spot.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll(".paged-list > li").length > 20);
    await page.evaluate(() => window.scrollTo(0, 900));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBe(900);
    const items = await page.evaluate(() => document.querySelectorAll(".paged-list > li").length);

    // An in-app navigation, as a tapped <Link> does.
    await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate("/login"));
    await page.waitForFunction(() => location.pathname === "/login");
    await findText(page, "欢迎来到影音");
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/announcement");
    await page.waitForFunction(() => window.scrollY === 900);
    const visibleItems = await page.evaluate(() => [...document.querySelectorAll(".paged-list > li")].filter((li) => li.checkVisibility()).length);
    expect(visibleItems).toBe(items);
  });
});
