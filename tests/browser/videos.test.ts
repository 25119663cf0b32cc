import Database from "better-sqlite3";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { accounts, creators, home, video } from "#gateway/api/index.ts";
import { formatCount } from "#app/lib/format.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { REPORT_TYPES } from "#server/db/seed.ts";
import { gatewayAndBrowser, answerDialog, clickText, findText, phonePage, submitLogin, tapText, adultPhone as adultPhoneIn } from "../support/browser.ts";
import { pinch, swipe, tap } from "../support/touch.ts";
import { callsOf, DEMO, testClient } from "../support/gateway.ts";

const suite = gatewayAndBrowser();

const adultPhone = () => adultPhoneIn(suite.browser);

async function loggedIn(phone = DEMO.phone, password = DEMO.password): Promise<Page> {
  const page = await adultPhone();
  await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, phone, password);
  await page.waitForFunction(() => location.pathname === "/my");
  return page;
}

/** Once React Router has no navigation or revalidation under way (a back navigation runs the loaders again). */
const routerIdle = (page: Page) =>
  page.waitForFunction(() => {
    const { navigation, revalidation } = (window as unknown as { __reactRouterDataRouter: { state: { navigation: { state: string }; revalidation: string } } }).__reactRouterDataRouter.state;
    return navigation.state === "idle" && revalidation === "idle";
  });
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

function setCoins(uuid: string, coins: number) {
  const db = new Database(join(suite.gw.dataDir, "gateway.sqlite"));
  try {
    db.prepare("UPDATE users SET coins = ? WHERE uuid = ?").run(coins, uuid);
  } finally {
    db.close();
  }
}

const visible = (page: Page, selector: string) =>
  page.waitForFunction((sel) => [...document.querySelectorAll<HTMLElement>(sel)].some((e) => e.checkVisibility()), {}, selector);
const noneVisible = (page: Page, selector: string) =>
  page.waitForFunction((sel) => ![...document.querySelectorAll<HTMLElement>(sel)].some((e) => e.checkVisibility()), {}, selector);
const sheetIdle = (page: Page, cls: string) =>
  page.waitForFunction((c) => document.querySelector<HTMLElement>(`.${c}`)?.style.pointerEvents === "unset", {}, cls);

const maxRow = (page: Page) => page.$$eval(".video-feed-row", (rows) => Math.max(-1, ...rows.map((r) => Number(r.getAttribute("data-index")))));
const inAppNavigate = (page: Page, to: string) =>
  page.evaluate((t) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string | number): Promise<void> } }).__reactRouterDataRouter.navigate(t), to);

describe("home feed", () => {
  it("shows the notice once, after the first screen of covers, then loads the feed and more of it on scroll", async () => {
    const page = await phonePage(suite.browser);
    await page.evaluateOnNewDocument(() => {
      localStorage.setItem("___AGE_CONFIRMED__", "1");
      // The covers on screen at the moment the notice comes: loaded, not grey boxes under it.
      new MutationObserver((_, observer) => {
        if (!document.querySelector(".adm-dialog")) return;
        observer.disconnect();
        const onScreen = [...document.querySelectorAll(".video-card .enc-image")].filter((e) => e.getBoundingClientRect().top < innerHeight);
        (window as unknown as { coversAtNotice: (string | null)[] }).coversAtNotice = onScreen.map((e) => e.getAttribute("data-state"));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${suite.gw.url}/home`);
    // Through a locator, which waits for the dialog to stop animating in (a tap during it can be lost).
    await page.locator(".adm-dialog-footer ::-p-text(我知道了)").click();
    const coversAtNotice = await page.evaluate(() => (window as unknown as { coversAtNotice: string[] }).coversAtNotice);
    expect(coversAtNotice.length).toBeGreaterThan(0);
    expect(coversAtNotice.filter((s) => s !== "1")).toEqual([]);
    await page.waitForSelector(".adm-dialog", { hidden: true });
    await page.waitForSelector(".video-card", { visible: true });
    const first = await maxRow(page);
    expect(first).toBeGreaterThan(0);
    for (let i = 0; i < 8 && (await maxRow(page)) < 25; i++) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await new Promise((r) => setTimeout(r, 400));
    }
    expect(await maxRow(page)).toBeGreaterThanOrEqual(25);
    // Only rows near the viewport are rendered.
    expect(await page.$$eval(".video-card", (c) => c.length)).toBeLessThan(40);
    // The notice does not come back in this session.
    const noticeCalls: string[] = [];
    page.on("request", (r) => void (r.url().includes("getOpenAdsAndVersion") && noticeCalls.push(r.url())));
    await page.reload({ waitUntil: "networkidle0" });
    await page.waitForSelector(".video-card", { visible: true });
    expect(noticeCalls).toEqual([]);
    expect(await page.$$eval(".adm-dialog", (d) => d.length)).toBe(0);
  });

  it("keeps the notice for home when the member has left it before the notice came", async () => {
    const page = await phonePage(suite.browser);
    await page.evaluateOnNewDocument(() => localStorage.setItem("___AGE_CONFIRMED__", "1"));
    await page.setRequestInterception(true);
    // The notice is held until the member is on another screen (a fixed delay raced a slow first screen).
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    page.on("request", (r) => void (r.url().endsWith("/api/home/getOpenAdsAndVersion") ? held.then(() => r.continue()) : r.continue()));
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    await inAppNavigate(page, "/search");
    await page.waitForSelector(".search-input input", { visible: true });
    release();
    await page.waitForResponse((r) => r.url().endsWith("/api/home/getOpenAdsAndVersion"));
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.$$eval(".adm-dialog", (d) => d.filter((x) => x.checkVisibility()).length)).toBe(0);
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/home");
    await page.locator(".adm-dialog-footer ::-p-text(我知道了)").click();
    await page.waitForSelector(".adm-dialog", { hidden: true });
  });

  it("refreshes a list and the feed when pulled down", async () => {
    const page = await adultPhone();
    const calls: string[] = [];
    page.on("request", (r) => void calls.push(...callsOf(new URL(r.url()).pathname, r.postData())));
    await page.goto(`${suite.gw.url}/discovery/concentration`);
    await page.waitForSelector(".element-card", { visible: true });
    const before = calls.filter((c) => c === "/api/element/list_element").length;
    await swipe(page, { x: 200, y: 200 }, { x: 200, y: 560 }, 16);
    await page.waitForFunction((n) => performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/element/list_element")).length > n, {}, before);

    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    // The gesture's code loads at the first touch (here on the section's title, which does nothing).
    const title = (await (await page.$(".section-title"))!.boundingBox())!;
    await tap(page, { x: title.x + 10, y: title.y + title.height / 2 });
    await page.waitForSelector(".adm-pull-to-refresh");
    const count = (path: string) => calls.filter((c) => c === path).length;
    const was = { feed: count("/api/mv/list"), ads: count("/api/system/getad"), categories: count("/api/tab/listv1") };
    const card = (await (await page.$(".video-card"))!.boundingBox())!;
    await swipe(page, { x: 200, y: card.y + 10 }, { x: 200, y: card.y + 370 }, 16);
    await expect.poll(() => count("/api/mv/list")).toBeGreaterThan(was.feed);
    // The whole section: its banner and its categories too.
    await expect.poll(() => count("/api/system/getad")).toBeGreaterThan(was.ads);
    await expect.poll(() => count("/api/tab/listv1")).toBeGreaterThan(was.categories);
    await page.waitForSelector(".category-chips a", { visible: true });
    expect(new URL(page.url()).pathname).toBe("/home");
  });

  it("comes back to a tab where it was left: its scroll and its sort", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    await tapText(page, "最热", ".sort-tabs button");
    await page.waitForFunction(() => document.querySelector(".sort-tabs .is-active")?.textContent === "最热");
    for (let i = 0; i < 6; i++) {
      await page.evaluate(() => window.scrollBy(0, 500));
      await new Promise((r) => setTimeout(r, 250));
    }
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(1500);
    const rowAt = () => page.evaluate(() => [...document.querySelectorAll(".video-feed-row")].find((r) => r.getBoundingClientRect().bottom > 200 && (r as HTMLElement).checkVisibility())?.querySelector("a")?.getAttribute("href"));
    const shown = await rowAt();
    await tapText(page, "暗网", ".tab-bar a");
    await page.waitForFunction(() => location.pathname === "/dark_web" && window.scrollY === 0);
    await tapText(page, "首页", ".tab-bar a");
    await page.waitForFunction(() => location.pathname === "/home");
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 5, {}, left);
    await page.waitForFunction(() => [...document.querySelectorAll(".sort-tabs .is-active")].some((t) => (t as HTMLElement).checkVisibility() && t.textContent === "最热"));
    expect(await rowAt()).toBe(shown);
  });

  it("swipes the banner by hand in 500 ms, never on its own, without looping", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home`);
    const banner = await page.waitForSelector(".banner[data-index]", { visible: true });
    const box = (await banner!.boundingBox())!;
    const slides = await page.$$eval(".banner-slide", (s) => s.length);
    expect(slides).toBeGreaterThan(1);
    const index = () => page.$eval(".banner[data-index]", (el) => Number(el.getAttribute("data-index")));
    const y = box.y + box.height / 2;
    const left = () => swipe(page, { x: box.x + box.width * 0.85, y }, { x: box.x + box.width * 0.15, y });
    await left();
    await page.waitForFunction(() => document.querySelector(".banner[data-index]")?.getAttribute("data-index") === "1");
    expect(await page.$eval(".banner-track", (t) => getComputedStyle(t).transitionDuration)).toBe("0.5s");
    for (let i = 1; i < slides; i++) await left();
    await page.waitForFunction((n) => document.querySelector(".banner[data-index]")?.getAttribute("data-index") === String(n - 1), {}, slides);
    // Past the last slide it stays there, and nothing moves by itself.
    await new Promise((r) => setTimeout(r, 3500));
    expect(await index()).toBe(slides - 1);
    await swipe(page, { x: box.x + box.width * 0.15, y }, { x: box.x + box.width * 0.85, y });
    await page.waitForFunction((n) => document.querySelector(".banner[data-index]")?.getAttribute("data-index") === String(n - 2), {}, slides);
    // A tap (not a swipe) opens the ad of the slide in view: the second one links to search.
    await new Promise((r) => setTimeout(r, 600));
    await tap(page, { x: box.x + box.width / 2, y });
    await page.waitForFunction(() => location.pathname === "/search");
  });

  it("decrypts covers in the browser", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector('.video-card .enc-image[data-state="1"] img', { visible: true });
    const src = await page.$eval('.video-card .enc-image[data-state="1"] img', (img) => (img as HTMLImageElement).src);
    expect(src.startsWith("blob:")).toBe(true);
  });

  it("returns to the same feed position when coming back from the player", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    // Load a few pages, then stop somewhere in the middle.
    for (let i = 0; i < 10 && (await page.evaluate(() => document.body.scrollHeight)) < 4000; i++) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await new Promise((r) => setTimeout(r, 300));
    }
    await page.evaluate(() => window.scrollTo(0, 2500));
    await page.waitForFunction(() => window.scrollY >= 2400);
    await new Promise((r) => setTimeout(r, 300));
    const y = await page.evaluate(() => window.scrollY);
    const card = await page.evaluateHandle(() => {
      const cards = [...document.querySelectorAll<HTMLAnchorElement>(".video-card")];
      return cards.find((c) => c.getBoundingClientRect().top > 60)!;
    });
    const href = await card.evaluate((a) => a.getAttribute("href"));
    await card.click();
    await page.waitForFunction((h) => location.pathname + location.search === h, {}, href);
    await page.waitForSelector(".player-title");
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/home");
    await page.waitForFunction((expected) => Math.abs(window.scrollY - expected) < 5, {}, y);
    expect(await page.$(`.video-card[href="${href}"]`)).not.toBeNull();
    // The covers it showed show again.
    await page.waitForFunction(() => {
      const inView = [...document.querySelectorAll(".video-card .enc-image")].filter((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && el.checkVisibility(); });
      return inView.length > 0 && inView.every((el) => el.getAttribute("data-state") === "1");
    });
  });
});

describe("player", () => {
  it("plays a free video", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
    await page.waitForSelector("video[data-testid=video]");
    await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 0.5, { timeout: 20_000 });
    expect(await page.$eval("video", (v) => (v as HTMLVideoElement).muted)).toBe(true);
  });

  it("asks for the video, its comments and related videos in one request", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    const requests: string[][] = [];
    page.on("request", (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith("/api/")) requests.push(callsOf(path, req.postData()));
    });
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await page.waitForSelector(".player-title", { visible: true });
    expect(requests).toContainEqual(["/api/MvDetail/detail", "/api/mvComment/comment", "/api/MvDetail/related"]);
    expect(requests.flat().filter((path) => path === "/api/MvDetail/detail")).toHaveLength(1);
    await page.close();
  });

  it("stops playing while another screen covers the player, and goes on from there on back", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
    await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement | null)?.currentTime! > 1.5, { timeout: 20_000 });
    await tapText(page, "#", ".player-tags a");
    const left = await page.$eval("video", (v) => (v as HTMLVideoElement).currentTime);
    await page.waitForFunction(() => location.pathname === "/tag");
    // The player is kept, hidden, under the tag page: silent and still.
    await page.waitForFunction(() => [...document.querySelectorAll("video")].every((v) => v.paused));
    await new Promise((r) => setTimeout(r, 1000));
    expect(await page.$$eval("video", (vs) => vs.every((v) => (v as HTMLVideoElement).paused))).toBe(true);

    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/player");
    await page.waitForFunction(() => { const v = document.querySelector("video") as HTMLVideoElement; return !v.paused && v.readyState > 2; }, { timeout: 20_000 });
    const resumed = await page.$eval("video", (v) => (v as HTMLVideoElement).currentTime);
    expect(resumed).toBeGreaterThan(left - 0.5);
    expect(resumed).toBeLessThan(left + 3);
  });

  it("sends an anonymous visitor to log in before unlocking", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${DEMO_LOCKED_VIDEO_ID}`);
    await clickText(page, "登录后解锁", "button");
    await page.waitForFunction(() => location.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/player?id=${DEMO_LOCKED_VIDEO_ID}`);
  });

  it("buys a locked video with coins once, then plays it without reloading", async () => {
    const page = await loggedIn();
    const c = testClient(suite.gw.url);
    const before = (await (await loginToken(c)).send(accounts.userInfo, undefined)).coins;
    await inAppNavigate(page, `/player?id=${DEMO_LOCKED_VIDEO_ID}`);
    const price = Number(await (await findText(page, "金币解锁", "button"))!.evaluate((b) => b.textContent!.match(/(\d+)/)![1]));
    expect(price).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    // A double tap asks once and charges once.
    const button = await findText(page, "金币解锁", "button");
    await button!.click();
    await button!.click().catch(() => undefined);
    await findText(page, `》需 ${price} 金币，当前余额 ${before} 金币`);
    await answerDialog(page, "解锁");
    await page.waitForSelector("video[data-testid=video]", { timeout: 20_000 });
    await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 0.3, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    const after = (await c.send(accounts.userInfo, undefined)).coins;
    expect(after).toBe(before - price);
    const bought = await c.send(accounts.myPurchases, { page: 1, limit: 50 });
    expect(bought.list.filter((v) => v.id === DEMO_LOCKED_VIDEO_ID)).toHaveLength(1);
  });

  it("asks once before a coin unlock, with the price and the balance; cancelled, it spends nothing", async () => {
    const m = await newMember(50);
    const page = await loggedIn(m.phone, m.password);
    const { title, coins: price } = await m.c.send(video.detail, { id: DEMO_LOCKED_VIDEO_ID });
    await inAppNavigate(page, `/player?id=${DEMO_LOCKED_VIDEO_ID}`);
    await tapText(page, `${price} 金币解锁`, "button");
    await findText(page, `解锁《${title}》需 ${price} 金币，当前余额 50 金币`);
    // Once: a second tap while it asks adds no question.
    await page.evaluate(() => [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("金币解锁"))!.click());
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.$$eval(".adm-dialog", (d) => d.filter((x) => x.checkVisibility()).length)).toBe(1);
    await answerDialog(page, "取消");
    await new Promise((r) => setTimeout(r, 500));
    expect((await m.c.send(accounts.userInfo, undefined)).coins).toBe(50);
    expect(await m.c.send(video.detail, { id: DEMO_LOCKED_VIDEO_ID })).toMatchObject({ can_watch: 0, is_pay: 0 });
    expect(await page.$("video[data-testid=video]")).toBeNull();
  });

  it("spends up to 10 coins without asking when 设置 says so, and still asks above that", async () => {
    const m = await newMember(100);
    const page = await loggedIn(m.phone, m.password);
    await inAppNavigate(page, "/my/setting");
    // Tapped again while it is not checked: a tap that lands while the screen is still settling is lost.
    await page.waitForFunction(() => {
      const radio = [...document.querySelectorAll<HTMLElement>(".adm-radio")].find((e) => e.checkVisibility() && e.textContent?.includes("10 金币及以下不询问"));
      if (radio?.classList.contains("adm-radio-checked")) return true;
      radio?.click();
      return false;
    }, { polling: 500 });
    // Kept on the device: a reload still has it.
    await page.reload();
    await page.waitForSelector(".adm-radio-checked ::-p-text(10 金币及以下不询问)");
    const { coins: price } = await m.c.send(video.detail, { id: DEMO_LOCKED_VIDEO_ID });
    expect(price).toBeLessThanOrEqual(10);
    await inAppNavigate(page, `/player?id=${DEMO_LOCKED_VIDEO_ID}`);
    // Asked, it would wait for an answer: the video plays without one.
    await tapText(page, `${price} 金币解锁`, "button");
    await page.waitForSelector("video[data-testid=video]", { timeout: 20_000 });
    expect((await m.c.send(accounts.userInfo, undefined)).coins).toBe(100 - price);
    const dear = (await m.c.send(home.list, { section: "porn", sort: "hot", page: 1, limit: 50 })).list.find((v) => !v.can_watch && v.coins > 10 && v.coins <= 90)!;
    await inAppNavigate(page, `/player?id=${dear.id}`);
    await tapText(page, `${dear.coins} 金币解锁`, "button");
    await findText(page, `》需 ${dear.coins} 金币，当前余额 ${100 - price} 金币`);
    await answerDialog(page, "取消");
  });

  it("gives the player's controls a hit area at least 44 px tall", async () => {
    const m = await newMember(0);
    const page = await loggedIn(m.phone, m.password);
    await inAppNavigate(page, `/player?id=${DEMO_LOCKED_VIDEO_ID}`);
    await findText(page, "求片", "button");
    const sizes = await page.$$eval(".player-actions button, .locked-panel-body button", (bs) =>
      bs.map((b) => ({ text: b.textContent, height: b.getBoundingClientRect().height, width: b.getBoundingClientRect().width })),
    );
    expect(sizes.map((b) => b.text)).toEqual(expect.arrayContaining(["☆ 收藏", "打赏", "举报", "金币不足"]));
    expect(sizes.filter((b) => b.height < 44 || b.width < 44)).toEqual([]);
  });

  it("rewards the creator with a gift; the balance the gift sheet shows follows at once", async () => {
    const page = await loggedIn();
    const c = await loginToken(testClient(suite.gw.url));
    const before = (await c.send(accounts.userInfo, undefined)).coins;
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await clickText(page, "打赏", "button");
    await page.waitForFunction((b) => document.querySelector(".gift-balance")?.textContent === `当前余额 ${b} 金币`, {}, before);
    const gift = await page.waitForSelector(".gift", { visible: true });
    const price = Number(await gift!.evaluate((g) => g.querySelector("small")!.textContent!.match(/\d+/)![0]));
    await page.waitForFunction(() => document.querySelector<HTMLElement>(".gift-popup")?.style.pointerEvents !== "none");
    await gift!.click();
    await findText(page, `需 ${price} 金币，当前余额 ${before} 金币`);
    await answerDialog(page, "赠送");
    await findText(page, "打赏成功");
    await page.waitForFunction(() => [...document.querySelectorAll(".adm-mask")].every((m) => getComputedStyle(m).display === "none"));
    expect((await c.send(accounts.userInfo, undefined)).coins).toBe(before - price);
    await clickText(page, "打赏", "button");
    await page.waitForFunction((b) => document.querySelector(".gift-balance")?.textContent === `当前余额 ${b} 金币`, {}, before - price);
  });

  it("unlocks a locked video by sharing it to the circle, then plays it, spending no coins", async () => {
    const c = testClient(suite.gw.url);
    const phone = "13811112222";
    c.state.token = (await c.send(accounts.register, { phone, password: "secret123" })).token;
    const page = await loggedIn(phone, "secret123");
    const locked = (await c.send(home.list, { section: "porn", sort: "hot", page: 1, limit: 50 })).list.find((v) => !v.can_watch && v.coins > 0)!;
    await inAppNavigate(page, `/player?id=${locked.id}`);
    await findText(page, "金币不足", "button");
    await tapText(page, "社区解锁（今日剩 3 次）", "button");
    const box = await page.waitForSelector(".share-popup textarea", { visible: true });
    expect(await box!.evaluate((t) => (t as HTMLTextAreaElement).value)).toContain(locked.title);
    await tapText(page, "发布并解锁", "button");
    await page.waitForSelector("video[data-testid=video]", { timeout: 20_000 });
    await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 0.3, { timeout: 20_000 });
    const after = await c.send(video.detail, { id: locked.id });
    expect(after).toMatchObject({ can_watch: 1, viewer: { coins: 0, community_left: 2 } });
    expect((await c.send(accounts.myPurchases, { page: 1 })).list.map((v) => v.id)).toEqual([locked.id]);
  });

  it("reports a video for a reason it fetches when the member first reports", async () => {
    const page = await loggedIn();
    const calls: string[] = [];
    page.on("request", (r) => void (r.url().includes("reportType") && calls.push(r.url())));
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await page.waitForSelector("video[data-testid=video]");
    // Nothing has needed the reasons yet.
    expect(calls).toEqual([]);
    await tapText(page, "举报", "button");
    const sheet = await page.waitForSelector(".adm-action-sheet-extra", { visible: true });
    expect(await sheet!.evaluate((e) => e.textContent)).toBe("选择举报原因");
    await tapText(page, REPORT_TYPES[1]!, ".adm-action-sheet-button-item");
    // What the gateway answered, the first time and again.
    await page.waitForFunction(() => document.querySelector(".adm-toast-main")?.textContent === "举报已提交");
    const reports = () => {
      const db = new Database(join(suite.gw.dataDir, "gateway.sqlite"), { readonly: true });
      try {
        return db.prepare("SELECT r.item_id, t.name, r.content FROM reports r JOIN report_types t ON t.id = r.type_id").all();
      } finally {
        db.close();
      }
    };
    expect(reports()).toEqual([{ item_id: DEMO_FREE_VIDEO_ID, name: REPORT_TYPES[1], content: "" }]);

    // 其他 asks for the reason in words, and will not go without them (quietly: no page error); a second
    // report replaces the first.
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => void pageErrors.push(String(e)));
    await tapText(page, "举报", "button");
    await page.waitForSelector(".adm-action-sheet-extra", { visible: true });
    await tapText(page, "其他", ".adm-action-sheet-button-item");
    const reason = await page.waitForSelector(".adm-dialog textarea", { visible: true });
    await page.locator(".adm-dialog-button ::-p-text(提交)").click();
    await page.waitForFunction(() => document.querySelector(".adm-toast-main")?.textContent === "请填写举报原因");
    expect(await page.$(".adm-dialog textarea")).not.toBeNull();
    await reason!.type("画面里有不该出现的内容");
    await page.locator(".adm-dialog-button ::-p-text(提交)").click();
    await page.waitForFunction(() => document.querySelector(".adm-toast-main")?.textContent === "举报已更新");
    await page.waitForFunction(() => ![...document.querySelectorAll(".adm-dialog")].some((d) => d.checkVisibility()));
    expect(reports()).toEqual([{ item_id: DEMO_FREE_VIDEO_ID, name: "其他", content: "画面里有不该出现的内容" }]);
    expect(pageErrors).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it("posts a comment that appears at the top", async () => {
    const page = await loggedIn();
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    const text = `浏览器评论 ${Date.now()}`;
    await page.locator("input[aria-label=评论内容]").fill(text);
    await clickText(page, "发送", "button");
    await findText(page, text, "p");
    // It was stored: a fresh load shows it too.
    await page.reload();
    await findText(page, text, "p");
  });

  it("posts a comment once when Enter and 发送 come together, and leaves reply mode with ✕", async () => {
    const page = await loggedIn();
    await inAppNavigate(page, `/player?id=4`);
    const box = await page.waitForSelector("input[aria-label=评论内容]", { visible: true });
    const text = `只发一次 ${Date.now()}`;
    await box!.type(text);
    // Both in one task: the second comes before any render could mark the box busy.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>("input[aria-label=评论内容]")!;
      input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
      [...document.querySelectorAll<HTMLButtonElement>(".comment-box button")].find((b) => b.textContent?.includes("发送"))!.click();
    });
    await findText(page, text, "p");
    await page.reload();
    await findText(page, text, "p");
    expect(await page.$$eval(".comment-content", (ps, t) => ps.filter((p) => p.textContent === t).length, text)).toBe(1);
    // Sent again at once, the gateway answers the same comment: the list does not show it twice.
    const again = await page.waitForSelector("input[aria-label=评论内容]", { visible: true });
    await again!.type(text);
    await clickText(page, "发送", "button");
    await page.waitForFunction(() => (document.querySelector("input[aria-label=评论内容]") as HTMLInputElement).value === "");
    expect(await page.$$eval(".comment-content", (ps, t) => ps.filter((p) => p.textContent === t).length, text)).toBe(1);

    await (await page.waitForSelector(".comment-meta button", { visible: true }))!.click();
    await page.waitForSelector("input[placeholder^=回复]");
    await page.locator("button[aria-label=取消回复]").click();
    await page.waitForSelector("input[placeholder=说点什么…]");
    expect(await page.$("button[aria-label=取消回复]")).toBeNull();
  });

  it("folds a long comment to a few lines, 展开 showing the rest", async () => {
    const c = await loginToken(testClient(suite.gw.url));
    const long = `很长的评论，${"这一段话会一直说下去，".repeat(30)}完。`;
    await c.send(video.comment, { id: 11, content: long });
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=11`);
    const text = await page.waitForSelector(".comment-content", { visible: true });
    expect(await text!.evaluate((p) => p.textContent)).toBe(long);
    const folded = await text!.evaluate((p) => p.getBoundingClientRect().height);
    await clickText(page, "展开", "button");
    await page.waitForFunction((h) => document.querySelector(".comment-content")!.getBoundingClientRect().height > h * 2, {}, folded);
    await clickText(page, "收起", "button");
    await page.waitForFunction((h) => document.querySelector(".comment-content")!.getBoundingClientRect().height === h, {}, folded);
    // A short one has nothing to unfold.
    await c.send(video.comment, { id: 12, content: "短评论" });
    await page.goto(`${suite.gw.url}/player?id=12`);
    await findText(page, "短评论", "p");
    expect(await page.$$eval("button[aria-expanded]", (b) => b.length)).toBe(0);
  });

  it("shows a reply under the replies already open", async () => {
    const page = await loggedIn();
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await tapText(page, "条回复", ".comment-more");
    await page.waitForSelector(".comment-replies li", { visible: true });
    const row = (await page.$("li.comment:has(.comment-replies)"))!;
    const shown = await row.$$eval(".comment-replies li", (l) => l.length);
    await (await row.$(".comment-meta button"))!.click();
    await page.waitForSelector("input[placeholder^=回复]");
    const text = `浏览器回复 ${Date.now()}`;
    await page.locator("input[aria-label=评论内容]").fill(text);
    await clickText(page, "发送", "button");
    await page.waitForFunction((t) => document.querySelector("li.comment:has(.comment-replies)")?.textContent?.includes(t), {}, text);
    expect(await row.$$eval(".comment-replies li", (l) => l.length)).toBe(shown + 1);
  });

  it("opens the keyboard on the comment box when 回复 is tapped", async () => {
    const page = await loggedIn();
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    const reply = await page.waitForSelector("li.comment .comment-reply", { visible: true });
    await reply!.scrollIntoView();
    const box = (await reply!.boundingBox())!;
    // A finger, not a click: the focus must come from the tap's own handler for a phone to show its keyboard.
    await tap(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    await page.waitForSelector("input[placeholder^=回复]");
    expect(await page.evaluate(() => document.activeElement?.matches("input[aria-label=评论内容]"))).toBe(true);
  });

  it("gives 回复, ♥, 展开 / 收起 and 更多回复 a hit area of at least 44×44", async () => {
    const c = await loginToken(testClient(suite.gw.url));
    const id = 15;
    const long = await c.send(video.comment, { id, content: `要折起来的评论，${"一句接一句地说下去，".repeat(30)}完。` });
    for (let i = 0; i < 21; i++) await c.send(video.comment, { id, content: `回复 ${i}`, reply_to: long.id });
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${id}`);
    await findText(page, "要折起来的评论", "p");
    await tapText(page, "条回复", ".comment-more");
    await findText(page, "更多回复", "button");
    const row = "li.comment:has(.comment-replies)";
    for (const [name, selector] of [
      ["回复", `${row} .comment-reply`],
      ["♥", `${row} .comment-like`],
      ["展开", `${row} button[aria-expanded]`],
      ["更多回复", `${row} .comment-replies .comment-more`],
    ]) {
      // The element's box, and whether a tap just inside each corner of it reaches the element.
      const area = await page.$eval(selector!, (el) => {
        el.scrollIntoView({ block: "center" });
        const r = el.getBoundingClientRect();
        const corners = [
          [r.left + 1, r.top + 1],
          [r.right - 1, r.top + 1],
          [r.left + 1, r.bottom - 1],
          [r.right - 1, r.bottom - 1],
          [r.left + r.width / 2, r.top + r.height / 2],
        ];
        return { width: r.width, height: r.height, reached: corners.every(([x, y]) => el.contains(document.elementFromPoint(x!, y!))) };
      });
      expect(area, name).toMatchObject({ reached: true });
      expect(area.width, name).toBeGreaterThanOrEqual(44);
      expect(area.height, name).toBeGreaterThanOrEqual(44);
    }
  });
});

describe("search", () => {
  it("searches, keeps the history newest first without duplicates, and clears it", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/search`);
    for (const word of ["旅行", "音乐", "旅行"]) {
      const input = await page.waitForSelector(".search-input input", { visible: true });
      await input!.click({ count: 3 });
      await page.keyboard.press("Backspace");
      await input!.type(word);
      await page.keyboard.press("Enter");
      await page.waitForFunction((w) => new URL(location.href).searchParams.get("kw") === w, {}, word);
      await page.waitForSelector(".video-card, .adm-error-block", { visible: true });
      // The results page's box shows the word searched, not the one before (the page is kept alive and reused).
      await page.waitForFunction(
        (w) => [...document.querySelectorAll<HTMLInputElement>(".result-search input")].filter((i) => i.checkVisibility()).map((i) => i.value).join() === w,
        { timeout: 3000 },
        word,
      );
      await page.goBack();
      await page.waitForFunction(() => location.pathname === "/search");
    }
    await page.reload();
    await page.waitForSelector(".chip", { visible: true });
    const chips = await page.$$eval(".chip", (c) => c.map((x) => x.textContent));
    expect(chips).toEqual(["旅行", "音乐"]);
    await clickText(page, "清空", "button");
    // The dialog animates in; a tap lands once its button has settled.
    for (let i = 0; i < 20 && (await page.$$(".chip")).length > 0; i++) {
      await (await findText(page, "确定", "span"))!.click().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 150));
    }
    await page.waitForFunction(() => document.querySelectorAll(".chip").length === 0);
    expect(await page.evaluate(() => localStorage.getItem("___SEARCH_HISTORY__"))).toBeNull();
  });

  it("says when hot searches failed to load, and loads them on 重试", async () => {
    const page = await adultPhone();
    await page.setRequestInterception(true);
    let refuse = true;
    page.on("request", (r) => void (refuse && r.url().endsWith("/api/mvsearch/hotSearch") ? r.respond({ status: 502, body: "" }) : r.continue()));
    await page.goto(`${suite.gw.url}/search`);
    await findText(page, "热门搜索加载失败");
    refuse = false;
    await clickText(page, "重试", "button");
    await page.waitForSelector(".hot-list li", { visible: true });
  });

  it("shows a search made on the results page in the history when going back", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/search`);
    const input = await page.waitForSelector(".search-input input", { visible: true });
    await input!.type("美食");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => new URL(location.href).searchParams.get("kw") === "美食");
    // The results page's own bar: the search page's bar stays in the DOM, and is visible until the results commit.
    const again = await page.waitForSelector(".result-search input", { visible: true });
    await again!.click({ count: 3 });
    await page.keyboard.press("Backspace");
    await page.keyboard.type("科技");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => new URL(location.href).searchParams.get("kw") === "科技");
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/search");
    await page.waitForFunction(() => [...document.querySelectorAll(".chip")].filter((c) => (c as HTMLElement).checkVisibility()).map((c) => c.textContent).join() === "科技,美食");
  });

  it("gives each result tab its own list, opens a compilation, and caps the keyword at the gateway's 50", async () => {
    const page = await adultPhone();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    // Creators named 创作者NN; no compilation has that in its title.
    await page.goto(`${suite.gw.url}/search/result?kw=${encodeURIComponent("创作者")}&type=creator`);
    await page.waitForSelector(".creator-row", { visible: true });
    await tapText(page, "合集", ".adm-tabs-tab");
    await findText(page, "没有找到相关合集");
    expect(await page.$(".creator-row")).toBeNull();
    // Compilations titled …合集…; no creator is named that.
    await page.goto(`${suite.gw.url}/search/result?kw=${encodeURIComponent("合集")}&type=compilation`);
    await page.waitForSelector(".element-card", { visible: true });
    await tapText(page, "创作者", ".adm-tabs-tab");
    await findText(page, "没有找到相关创作者");
    expect(await page.$(".creator-row, .element-card")).toBeNull();
    await tapText(page, "合集", ".adm-tabs-tab");
    await (await page.waitForSelector(".element-card", { visible: true }))!.click();
    await page.waitForFunction(() => location.pathname === "/home/collect-detail");
    await page.waitForSelector(".video-card", { visible: true });
    expect(errors).toEqual([]);

    // Typing stops at 50 characters; a longer link searches for its first 50.
    await page.goto(`${suite.gw.url}/search`);
    const input = await page.waitForSelector(".search-input input", { visible: true });
    await input!.type("长".repeat(60));
    expect(await input!.evaluate((i) => (i as HTMLInputElement).value.length)).toBe(50);
    await page.goto(`${suite.gw.url}/search/result?kw=${encodeURIComponent("长".repeat(60))}&type=video`);
    await findText(page, "没有找到相关视频");
    expect(await page.$(".error-page")).toBeNull();
  });
});

async function loginToken(c: ReturnType<typeof testClient>) {
  const r = await c.send(accounts.loginByPassword, DEMO);
  c.state.token = r.token;
  return c;
}

describe("browsing details", () => {
  it("shows the daily pick's small videos three to a row", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/discovery/daily-pick`);
    await page.waitForSelector(".paged-list .video-card", { visible: true });
    const tops = await page.$$eval(".paged-list .video-card", (cards) => cards.slice(0, 3).map((c) => [Math.round(c.getBoundingClientRect().top), c.getBoundingClientRect().width]));
    expect(new Set(tops.map(([top]) => top)).size).toBe(1);
    for (const [, width] of tops) expect(width).toBeLessThan(390 / 3);
  });

  it("answers a tag link with a name no tag can have on the tag screen itself, not an error page", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/tag?name=${encodeURIComponent("长".repeat(video.MAX_TAG_NAME + 1))}`);
    await findText(page, `标签名最多 ${video.MAX_TAG_NAME} 个字`);
    expect(await page.$(".error-page")).toBeNull();
    await page.goto(`${suite.gw.url}/tag?name=%20`);
    await findText(page, "缺少标签名");
    expect(await page.$(".error-page")).toBeNull();
    // A name of exactly the limit is asked for: no tag has it.
    await page.goto(`${suite.gw.url}/tag?name=${encodeURIComponent("长".repeat(video.MAX_TAG_NAME))}`);
    await findText(page, "该标签下暂无视频");
  });

  it("scrolls the chosen category's chip into view", async () => {
    const c = testClient(suite.gw.url);
    const styles = await c.send(home.styles, undefined);
    const last = styles.filter((x) => x.section === "porn").at(-1)!;
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/category?id=${last.id}`);
    const chip = await page.waitForSelector(".category-chips a[aria-current=page]", { visible: true });
    await page.waitForFunction((el) => el.getBoundingClientRect().right <= innerWidth && el.getBoundingClientRect().left >= 0, {}, chip!);
  });

  it("opens banner ads from the keyboard, one slide in the tab order, arrows to move", async () => {
    const ads = await testClient(suite.gw.url).send(home.ads, { position: "home" });
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".banner-open", { visible: true });
    expect(await page.$$eval(".banner-open", (b) => b.map((x) => (x as HTMLElement).tabIndex))).toEqual(ads.map((_, i) => (i === 0 ? 0 : -1)));
    await page.focus(".banner-open");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.querySelector(".banner")?.getAttribute("data-index") === "1");
    expect(await page.evaluate(() => [...document.querySelectorAll(".banner-open")].indexOf(document.activeElement!))).toBe(1);
    const target = ads[1]!.url;
    expect(target.startsWith("/")).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForFunction((t) => location.pathname + location.search === t, {}, target);
  });

  it("shows a video bought from deep in the feed as bought when going back", async () => {
    const m = await newMember(500);
    const second = await m.c.send(home.list, { section: "porn", sort: "new", page: 2, limit: 20 });
    const locked = second.list.find((v) => !v.can_watch && v.coins > 0 && v.coins <= 500)!;
    const page = await loggedIn(m.phone, m.password);
    await inAppNavigate(page, "/home");
    const card = `.video-card[href="/player?id=${locked.id}"]`;
    for (let i = 0; i < 20 && !(await page.$(card)); i++) {
      await page.evaluate(() => window.scrollBy(0, 600));
      await new Promise((r) => setTimeout(r, 250));
    }
    await page.evaluate((sel) => document.querySelector(sel)!.scrollIntoView({ block: "center" }), card);
    await page.click(card);
    await tapText(page, "金币解锁", "button");
    await answerDialog(page, "解锁");
    await page.waitForSelector("video[data-testid=video]", { timeout: 20_000 });
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/home");
    await page.waitForFunction((sel) => document.querySelector(`${sel} .video-card-price`)?.textContent === "已购", {}, card);
  });
});

describe("discovery screens", () => {
  it("opens every discovery screen with its content, and a series from a topic", async () => {
    const page = await adultPhone();
    for (const [path, text] of [
      ["/discovery/tag", "热门标签"],
      ["/discovery/concentration", "精选"],
      ["/discovery/daily-pick", "热门小视频"],
      ["/discovery/theme", "创作者"],
      ["/home/collect", "个视频"],
      ["/user/fans?uid=2", "粉丝"],
    ] as const) {
      await page.goto(`${suite.gw.url}${path}`);
      await findText(page, text);
      expect(await page.$(".error-page")).toBeNull();
    }
    // /category alone opens the first category, with the others one tap away; an unknown one is a 404.
    await page.goto(`${suite.gw.url}/category`);
    await page.waitForSelector(".category-chips a.is-active", { visible: true });
    await page.waitForSelector(".video-card", { visible: true });
    expect(await page.$$eval(".category-chips a", (a) => a.length)).toBeGreaterThan(1);
    await page.goto(`${suite.gw.url}/category?id=99999`);
    await findText(page, "分类不存在");
    expect(await page.$eval(".error-status", (e) => e.textContent)).toBe("404");
    await page.goto(`${suite.gw.url}/discovery/concentration`);
    await (await page.waitForSelector(".element-card", { visible: true }))!.click();
    await page.waitForFunction(() => location.pathname === "/series");
    await page.waitForSelector(".video-card", { visible: true });
  });
});


describe("creator centre", () => {
  it("switches tabs, each list loading its own first page, without reloading the page", async () => {
    const page = await adultPhone();
    let pageLoads = 0;
    page.on("request", (req) => void (new URL(req.url()).pathname === "/api/user/getOtherCenterPage" && pageLoads++));
    await page.goto(`${suite.gw.url}/home/creator?uid=2`);
    await page.waitForSelector(".video-card", { visible: true });
    await tapText(page, "小视频", ".adm-tabs-tab");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("tab") === "small");
    await page.waitForSelector(".paged-list .video-card", { visible: true });
    // Portrait clips three to a row, each a 9:16 cover.
    const cards = await page.$$eval(".paged-list .video-card", (els) =>
      els.slice(0, 4).map((e) => {
        const r = e.getBoundingClientRect();
        const cover = e.querySelector(".enc-image")!.getBoundingClientRect();
        return { top: Math.round(r.top), width: r.width, ratio: cover.height / cover.width };
      }),
    );
    expect(new Set(cards.slice(0, 3).map((c) => c.top)).size).toBe(1);
    expect(cards[3]!.top).toBeGreaterThan(cards[0]!.top);
    for (const c of cards) {
      expect(c.width).toBeLessThan(390 / 3);
      expect(c.ratio).toBeCloseTo(16 / 9, 1);
    }
    await tapText(page, "头条", ".adm-tabs-tab");
    await page.waitForSelector(".paged-list .headline", { visible: true });
    await tapText(page, "小视频", ".adm-tabs-tab");
    await page.waitForSelector(".paged-list .video-card", { visible: true });
    expect(pageLoads).toBe(1);
    await page.close();
  });

  it("closes an image preview, a sheet or a dialog on back and stays on the screen; the next back leaves it", async () => {
    const page = await adultPhone();
    const path = () => page.evaluate(() => location.pathname);
    const openPreview = async () => {
      await (await page.waitForSelector(".headline .image-grid .enc-image", { visible: true }))!.click();
      await page.waitForSelector(".image-preview", { visible: true });
    };
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    await inAppNavigate(page, "/home/creator?uid=2&tab=headline");
    await openPreview();
    await page.goBack();
    await page.waitForSelector(".image-preview", { hidden: true });
    expect(await path()).toBe("/home/creator");
    await tapText(page, "头条", ".headline .text-button");
    await sheetIdle(page, "headline-sheet");
    await page.goBack();
    await noneVisible(page, ".headline-sheet");
    expect(await path()).toBe("/home/creator");
    // An overlay closed by itself (a tap, past the double-tap window) takes its history entry with it: one back leaves.
    await openPreview();
    await new Promise((r) => setTimeout(r, 400));
    const { w, h } = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
    await tap(page, { x: w / 2, y: h / 2 });
    await page.waitForSelector(".image-preview", { hidden: true });
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/home");

    await inAppNavigate(page, "/search");
    const input = await page.waitForSelector(".search-input input", { visible: true });
    await input!.type("旅行");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.pathname === "/search/result");
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/search");
    await clickText(page, "清空", "button");
    await findText(page, "确定清空搜索历史？");
    await page.goBack();
    await page.waitForFunction(() => ![...document.querySelectorAll(".adm-dialog")].some((d) => d.checkVisibility()));
    expect(await path()).toBe("/search");
    // Dismissed, not answered: the history is still there.
    await page.waitForFunction(() => [...document.querySelectorAll(".chip")].some((c) => c.checkVisibility() && c.textContent === "旅行"));
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/home");
    await page.close();
  });

  it("closes an action sheet on back, staying on the player; the next back leaves it", async () => {
    const page = await loggedIn();
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await page.waitForSelector("video[data-testid=video]");
    await tapText(page, "举报", "button");
    await page.waitForSelector(".adm-action-sheet-extra", { visible: true });
    await page.goBack();
    await noneVisible(page, ".adm-action-sheet");
    expect(await page.evaluate(() => location.pathname)).toBe("/player");
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/my");
    await page.close();
  });

  it("shows headlines whose images open in a full-screen preview, a long one scrolling", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home/creator?uid=2&tab=headline`);
    await page.waitForSelector(".headline .image-grid .enc-image", { visible: true });
    // The first headline carries a 1:3 image first, then two more: a group of three.
    const first = await page.waitForSelector(".headline .image-grid .enc-image", { visible: true });
    await first!.click();
    await page.waitForSelector(".image-preview", { visible: true });
    await findText(page, "1 / 3");
    const long = await page.waitForSelector("[data-testid=long-image] img", { visible: true });
    const scroller = await page.$("[data-testid=long-image]");
    expect(await scroller!.evaluate((s) => s.scrollHeight > s.clientHeight)).toBe(true);
    // A finger drag up scrolls it; the slide does not change.
    const { w, h } = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
    await swipe(page, { x: w / 2, y: h * 0.8 }, { x: w / 2, y: h * 0.3 });
    await page.waitForFunction(() => document.querySelector("[data-testid=long-image]")!.scrollTop > 50);
    await findText(page, "1 / 3");
    expect(await long!.evaluate((img) => img.getBoundingClientRect().width)).toBe(await page.evaluate(() => innerWidth));
  });

  it("swipes a group in 300 ms without looping, zooms between 1/3 and 3 by pinch and double tap, closes on a tap", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home/creator?uid=2&tab=headline`);
    await (await page.waitForSelector(".headline .image-grid .enc-image", { visible: true }))!.click();
    await page.waitForSelector(".image-preview", { visible: true });
    const { w, h } = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
    const mid = { x: w / 2, y: h / 2 };
    const index = () => page.$eval(".image-preview", (el) => Number(el.getAttribute("data-index")));
    const left = () => swipe(page, { x: w * 0.8, y: h / 2 }, { x: w * 0.2, y: h / 2 });

    await left();
    await findText(page, "2 / 3");
    expect(await page.$eval(".image-preview-track", (t) => getComputedStyle(t).transitionDuration)).toBe("0.3s");
    await left();
    await findText(page, "3 / 3");
    await left();
    await new Promise((r) => setTimeout(r, 400));
    expect(await index()).toBe(2);
    await swipe(page, { x: w * 0.2, y: h / 2 }, { x: w * 0.8, y: h / 2 });
    await findText(page, "2 / 3");

    const scale = () => page.$eval(".image-preview-slide:nth-child(2) .image-preview-zoom", (el) => Number(el.getAttribute("data-scale")));
    // Double tap within 250 ms zooms in, again zooms out; the viewer stays open.
    await tap(page, mid);
    await new Promise((r) => setTimeout(r, 80));
    await tap(page, mid);
    await page.waitForFunction(() => document.querySelector(".image-preview-slide:nth-child(2) .image-preview-zoom")?.getAttribute("data-scale") === "2.00");
    await new Promise((r) => setTimeout(r, 400));
    await tap(page, mid);
    await new Promise((r) => setTimeout(r, 80));
    await tap(page, mid);
    await page.waitForFunction(() => document.querySelector(".image-preview-slide:nth-child(2) .image-preview-zoom")?.getAttribute("data-scale") === "1.00");
    await new Promise((r) => setTimeout(r, 400));
    expect(await page.$(".image-preview")).not.toBeNull();

    // Pinching far out stops at 3×; far in stops at 1/3 while the fingers are down, then springs back to 1×.
    await pinch(page, mid, 60, 340);
    expect(await scale()).toBe(3);
    const release = await pinch(page, mid, 340, 10, { hold: true });
    expect(await scale()).toBeCloseTo(1 / 3, 2);
    await release();
    await page.waitForFunction(() => document.querySelector(".image-preview-slide:nth-child(2) .image-preview-zoom")?.getAttribute("data-scale") === "1.00");

    // One tap closes once the double-tap window has passed.
    await new Promise((r) => setTimeout(r, 400));
    await tap(page, mid);
    await page.waitForSelector(".image-preview", { hidden: true });
  });

  it("keeps a headline's like to that headline, and its card in the list follows likes and comments", async () => {
    const page = await loggedIn();
    await inAppNavigate(page, "/home/creator?uid=3&tab=headline");
    const cards = await testClient(suite.gw.url).send(creators.headlines, { uid: 3, page: 1, limit: 2 });
    const [one, two] = cards.list;
    const cardMeta = (title: string) => page.$eval(`::-p-xpath(//article[.//button[normalize-space(.)=${JSON.stringify(title)}]]//p[@class="creator-meta"])`, (p) => p.textContent!);
    await tapText(page, one!.title, ".headline h3 button");
    await findText(page, one!.title, "h2");
    await tapText(page, "点赞", ".headline-sheet button");
    await page.waitForSelector(".headline-sheet .adm-button-danger");
    await page.click(".headline-sheet .sheet-close");
    await noneVisible(page, ".headline-sheet");
    expect(await cardMeta(one!.title)).toContain(`♥ ${formatCount(one!.like_count + 1)}`);
    await tapText(page, two!.title, ".headline h3 button");
    await findText(page, two!.title, "h2");
    const like = await page.waitForSelector("::-p-xpath(//div[contains(@class,'headline-sheet')]//button[contains(., '点赞')])", { visible: true });
    expect(await like!.evaluate((b) => [b.textContent, b.classList.contains("adm-button-danger")])).toEqual([`♥ 点赞 ${formatCount(two!.like_count)}`, false]);
    await page.locator(".headline-sheet input[aria-label=评论内容]").fill("头条二的评论");
    await tapText(page, "发送", ".headline-sheet button");
    await findText(page, "头条二的评论", "p");
    await page.keyboard.press("Escape");
    await noneVisible(page, ".headline-sheet");
    expect(await cardMeta(two!.title)).toContain(`评论 ${formatCount(two!.comment_count + 1)}`);
  });

  it("likes a headline's comment and replies to it in the sheet, through the app's own action routes", async () => {
    const m = await newMember(0);
    const [headline] = (await m.c.send(creators.headlines, { uid: 2, page: 1, limit: 1 })).list;
    const first = await m.c.send(creators.commentHeadline, { id: headline!.id, content: `头条里的评论 ${Date.now()}` });
    const page = await loggedIn(m.phone, m.password);
    await inAppNavigate(page, "/home/creator?uid=2&tab=headline");
    await tapText(page, headline!.title, ".headline h3 button");
    await findText(page, first.content, "p");
    const row = `::-p-xpath(//li[contains(@class,'comment')][.//p[normalize-space(.)=${JSON.stringify(first.content)}]])`;
    const inRow = (selector: string) => page.waitForSelector(`${row} ${selector}`, { visible: true });
    // Through locators, which wait for the sheet to stop sliding in: a tap on its mask would close it.
    await page.locator(`${row} .comment-like`).click();
    await inRow(".comment-like[aria-pressed=true]");
    await page.locator(`${row} .comment-reply`).click();
    expect(await page.evaluate(() => document.activeElement?.matches(".headline-sheet input[aria-label=评论内容]"))).toBe(true);
    const text = `头条里的回复 ${Date.now()}`;
    await page.keyboard.type(text);
    await tapText(page, "发送", ".headline-sheet button");
    await inRow("::-p-text(展开 1 条回复)");
    await page.waitForSelector(".headline-sheet input[placeholder=说点什么…]");

    expect((await m.c.send(creators.headlineComments, { id: headline!.id, page: 1, limit: 20 })).list.find((c) => c.id === first.id)).toMatchObject({ is_like: 1, reply_count: 1 });
    expect((await m.c.send(creators.headlineReplies, { comment_id: first.id, page: 1, limit: 20 })).list.map((r) => r.content)).toEqual([text]);
  });

  it("asks a visitor to log in before liking or commenting on a headline, and brings them back to the tab", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home/creator?uid=2&tab=headline`);
    const [headline] = (await testClient(suite.gw.url).send(creators.headlines, { uid: 2, page: 1, limit: 1 })).list;
    await tapText(page, headline!.title, ".headline h3 button");
    await tapText(page, "点赞", ".headline-sheet button");
    await findText(page, "登录后才能继续");
    await answerDialog(page, "取消");
    expect(await page.$eval(".headline-sheet .adm-button[aria-pressed]", (b) => b.getAttribute("aria-pressed"))).toBe("false");
    await page.locator(".headline-sheet input[aria-label=评论内容]").fill("访客的评论");
    await tapText(page, "发送", ".headline-sheet button");
    await answerDialog(page, "去登录");
    await page.waitForFunction(() => location.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/home/creator?uid=2&tab=headline");
  });

  it("follows once on a double tap, and brings a visitor back to the tab they logged in from", async () => {
    const visitor = await adultPhone();
    await visitor.goto(`${suite.gw.url}/home/creator?uid=4&tab=headline`);
    await tapText(visitor, "+ 关注", "button");
    await tapText(visitor, "去登录", ".adm-dialog-button");
    await visitor.waitForFunction(() => location.pathname === "/login");
    await submitLogin(visitor, DEMO.phone, DEMO.password);
    await visitor.waitForFunction(() => location.pathname === "/home/creator" && new URLSearchParams(location.search).get("tab") === "headline");

    await visitor.setRequestInterception(true);
    let follows = 0;
    visitor.on("request", (req) => {
      if (!req.url().endsWith("/api/user/followed")) return void req.continue();
      follows++;
      setTimeout(() => void req.continue(), 400);
    });
    const button = await findText(visitor, "+ 关注", "button");
    await button!.click();
    await button!.click().catch(() => undefined);
    await findText(visitor, "已关注", "button");
    await new Promise((r) => setTimeout(r, 800));
    expect(follows).toBe(1);
    const c = await loginToken(testClient(suite.gw.url));
    expect((await c.send(creators.creatorPage, { uid: 4 })).is_attention).toBe(1);
    await c.send(accounts.follow, { uid: 4 });
  });

  it("switches the ranking and the theme screens' tabs to their own lists", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/user/fan-rank?uid=3`);
    await page.waitForSelector(".adm-tabs-tab");
    await tapText(page, "创作者榜", ".adm-tabs-tab");
    const top = (await testClient(suite.gw.url).send(home.creatorRank, { page: 1, limit: 1 })).list[0]!;
    await page.waitForFunction((uid) => document.querySelector(".rank-row")?.getAttribute("href") === `/home/creator?uid=${uid}`, {}, top.uid);
    await page.goto(`${suite.gw.url}/discovery/theme`);
    await page.waitForSelector(".adm-tabs-tab");
    await tapText(page, "合集", ".adm-tabs-tab");
    await visible(page, 'a[href^="/home/collect-detail?id="]');
  });

  it("switches the tag screen's order at once, its list saying when it failed and retrying", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/discovery/tag`);
    await page.waitForSelector(".tag-group-head", { visible: true });
    await page.setRequestInterception(true);
    let refuse = true;
    // A gateway error, not a lost network (which would put the app in its offline state).
    page.on("request", (r) => void (refuse && r.url().endsWith("/api/mv/listOfTagNew") ? r.respond({ status: 502, body: "" }) : r.continue()));
    await tapText(page, "最近更新", ".adm-tabs-tab");
    await page.waitForSelector(".adm-tabs-tab-active ::-p-text(最近更新)");
    await findText(page, "加载失败");
    refuse = false;
    await clickText(page, "重试", "button");
    const newest = (await testClient(suite.gw.url).send(home.tagsWithNewVideos, { page: 1, limit: 10 })).list[0]!.name;
    await page.waitForFunction((n) => document.querySelector(".tag-group-head h2")?.textContent === `#${n}`, {}, newest);
  });

  it("joins a free fan club and counts the new member", async () => {
    const page = await loggedIn();
    await page.goto(`${suite.gw.url}/user/fan-group?uid=4`);
    const before = Number(await (await page.waitForSelector("[data-testid=members]"))!.evaluate((e) => e.textContent));
    await clickText(page, "加入粉丝团", "button");
    await findText(page, "已加入", "button");
    expect(Number(await page.$eval("[data-testid=members]", (e) => e.textContent))).toBe(before + 1);
    // The newest members list, newest first, has the member on top without a reload.
    await page.waitForFunction(() => document.querySelector(".rank-row")?.textContent?.includes("演示会员"));
    // A list by time, not a ranking: no rank numbers.
    expect(await page.$(".rank-row .rank")).toBeNull();
  });

  it("asks before a paid fan club takes its fee, and takes it once", async () => {
    const m = await newMember(100);
    const page = await loggedIn(m.phone, m.password);
    await page.goto(`${suite.gw.url}/user/fan-group?uid=3`);
    // A double tap asks once.
    await page.waitForSelector("button ::-p-text(加入粉丝团)", { visible: true });
    await page.evaluate(() => {
      const join = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("加入粉丝团"))!;
      join.click();
      join.click();
    });
    await findText(page, "需 20 金币");
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.$$eval(".adm-dialog", (d) => d.filter((x) => x.checkVisibility()).length)).toBe(1);
    await answerDialog(page, "取消");
    expect((await m.c.send(accounts.userInfo, undefined)).coins).toBe(100);
    await tapText(page, "加入粉丝团", "button");
    await answerDialog(page, "加入");
    await findText(page, "已加入", "button");
    expect((await m.c.send(accounts.userInfo, undefined)).coins).toBe(80);
  });

  it("sends a member who is not a creator to their profile page", async () => {
    const page = await adultPhone();
    // Known from the profile alone: no creator call to fail (and toast 创作者不存在) on the way.
    const creatorCalls: string[] = [];
    page.on("request", (r) => void (/\/api\/(Creator|compilation)\//i.test(r.url()) && creatorCalls.push(r.url())));
    await page.goto(`${suite.gw.url}/home/creator?uid=1`);
    await page.waitForFunction(() => location.pathname === "/user");
    await findText(page, "TA 的视频");
    expect(creatorCalls).toEqual([]);
  });

  it("offers no follow button on the member's own profile page, but a way to edit it", async () => {
    const page = await loggedIn();
    const me = (await (await loginToken(testClient(suite.gw.url))).send(accounts.userInfo, undefined)).uid;
    await inAppNavigate(page, `/user?uid=${me}`);
    await findText(page, "我的视频");
    await findText(page, "你还没有发布视频");
    expect(await page.$$eval(".user-head button", (b) => b.map((x) => x.textContent))).toEqual([]);
    await clickText(page, "编辑资料", "a");
    await page.waitForFunction(() => location.pathname === "/my/edit");
  });
});

describe("my favourites", () => {
  it("creates a group, files a video into it from the player, and lists it under that group", async () => {
    const page = await loggedIn();
    await inAppNavigate(page, "/my/my-like");
    const name = `分组${Date.now() % 10000}`;
    await page.locator("input[aria-label=新分组名称]").fill(name);
    await page.locator("button ::-p-text(新建分组)").click();
    await findText(page, name, "div");
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID + 2}`);
    await clickText(page, "☆ 收藏", "button");
    // A locator waits for the sheet to finish sliding in before it taps.
    await page.locator(`.adm-action-sheet-button-item-wrapper ::-p-text(${name})`).click();
    await findText(page, "★ 已收藏", "button");
    await inAppNavigate(page, "/my/my-like");
    // The earlier visit to this screen is kept (hidden) in history: tap the visible tab.
    await page.waitForFunction((n) => {
      const tab = [...document.querySelectorAll<HTMLElement>(".adm-tabs-tab")].find((t) => t.checkVisibility() && t.textContent?.includes(n));
      tab?.click();
      return Boolean(tab);
    }, {}, name);
    await page.waitForFunction(() => new URL(location.href).searchParams.has("group"));
    await page.waitForSelector(`.video-card[href="/player?id=${DEMO_FREE_VIDEO_ID + 2}"]`, { visible: true });
  });
});

describe("session", () => {
  it("asks a visitor to log in before a comment like, calling nothing, then returns to the video", async () => {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
    const like = await page.waitForSelector(".comment-like", { visible: true });
    const count = await like!.evaluate((b) => b.textContent);
    const calls: string[] = [];
    page.on("request", (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith("/api/")) calls.push(...callsOf(path, req.postData()));
    });
    // Through a locator, which waits for the button to stop moving: the comment list may still be settling.
    await page.locator(".comment-like").click();
    await findText(page, "登录后才能继续");
    expect(await page.$eval(".comment-like", (b) => [b.textContent, b.getAttribute("aria-pressed")])).toEqual([count, "false"]);
    expect(calls).not.toContain(video.commentLike.path);
    await page.locator(".adm-dialog-footer ::-p-text(去登录)").click();
    await page.waitForFunction(() => location.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/player?id=${DEMO_FREE_VIDEO_ID}`);
    await submitLogin(page, DEMO.phone, DEMO.password);
    await page.waitForFunction((id) => location.pathname === "/player" && location.search === `?id=${id}`, {}, DEMO_FREE_VIDEO_ID);
  });
});

describe("player state", () => {
  it("keeps the like and the favourite through a gift and a report; the gift sheet closes on Escape and on its button", async () => {
    const m = await newMember(500);
    const page = await loggedIn(m.phone, m.password);
    const id = DEMO_FREE_VIDEO_ID + 4;
    await inAppNavigate(page, `/player?id=${id}`);
    await tapText(page, "点赞", "button");
    await page.waitForSelector("button[aria-pressed=true]::-p-text(点赞)");
    await tapText(page, "☆ 收藏", "button");
    await findText(page, "★ 已收藏", "button");
    await tapText(page, "打赏", "button");
    await sheetIdle(page, "gift-popup");
    // The sheet takes the focus; Escape closes it.
    await page.waitForFunction(() => document.activeElement?.classList.contains("sheet-close"));
    await page.keyboard.press("Escape");
    await noneVisible(page, ".gift-popup");
    await tapText(page, "打赏", "button");
    await sheetIdle(page, "gift-popup");
    await page.click(".gift-popup .sheet-close");
    await noneVisible(page, ".gift-popup");
    // Back closes it first and the player stays (decision 034); the next back leaves, and forward finds it closed.
    await tapText(page, "打赏", "button");
    await sheetIdle(page, "gift-popup");
    await page.goBack();
    await noneVisible(page, ".gift-popup");
    expect(await page.evaluate(() => location.pathname)).toBe("/player");
    await page.goBack();
    await page.waitForFunction(() => location.pathname !== "/player");
    await page.goForward();
    await page.waitForFunction(() => location.pathname === "/player");
    await routerIdle(page);
    await noneVisible(page, ".gift-popup");
    await tapText(page, "打赏", "button");
    await sheetIdle(page, "gift-popup");
    await tapText(page, "鲜花", ".gift");
    await answerDialog(page, "赠送");
    await findText(page, "打赏成功");
    await page.waitForFunction(() => [...document.querySelectorAll(".adm-mask")].every((x) => getComputedStyle(x).display === "none"));
    await tapText(page, "举报", "button");
    await tapText(page, REPORT_TYPES[0]!, ".adm-action-sheet-button-item");
    await findText(page, "举报已提交");
    // Both still shown as on, and still on: a stale "off" would have made the next tap undo them.
    await findText(page, "★ 已收藏", "button");
    expect(await page.$("button[aria-pressed=true]::-p-text(点赞)")).not.toBeNull();
    expect(await m.c.send(video.detail, { id })).toMatchObject({ is_like: 1, is_favorite: 1 });
  });

  it("shows the balance after a refused gift, spent elsewhere in the meantime", async () => {
    const m = await newMember(100);
    const page = await loggedIn(m.phone, m.password);
    await inAppNavigate(page, `/player?id=${DEMO_FREE_VIDEO_ID}`);
    await tapText(page, "打赏", "button");
    await page.waitForFunction(() => document.querySelector(".gift-balance")?.textContent === "当前余额 100 金币");
    setCoins(m.uuid, 0);
    await sheetIdle(page, "gift-popup");
    await tapText(page, "鲜花", ".gift");
    await answerDialog(page, "赠送");
    await findText(page, "金币不足");
    await page.waitForFunction(() => [...document.querySelectorAll(".adm-mask")].every((x) => getComputedStyle(x).display === "none"));
    await tapText(page, "打赏", "button");
    await page.waitForFunction(() => document.querySelector(".gift-balance")?.textContent === "当前余额 0 金币");
  });

  it("shows times in the phone's time zone", async () => {
    const page = await adultPhone();
    await page.emulateTimezone("Asia/Shanghai");
    const first = (await testClient(suite.gw.url).send(video.comments, { id: DEMO_FREE_VIDEO_ID, page: 1, limit: 1 })).list[0]!;
    const utc = new Date(`${first.created_at.replace(" ", "T")}Z`);
    const china = new Date(utc.getTime() + 8 * 3_600_000).toISOString();
    await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
    await findText(page, `${china.slice(5, 10)} ${china.slice(11, 16)}`, "span");
  });
});

describe("lists opened again", () => {
  it("show what changed: a purchase made since, and a creator unfollowed before going back", async () => {
    const m = await newMember(500);
    const page = await loggedIn(m.phone, m.password);
    await inAppNavigate(page, "/my/my-purchase");
    await findText(page, "还没有购买过视频");
    const locked = (await m.c.send(home.list, { section: "porn", sort: "new", page: 1, limit: 50 })).list.find((v) => !v.can_watch && v.coins > 0 && v.coins <= 500)!;
    expect((await m.c.send(video.buyWithCoins, { id: locked.id })).ok).toBe(true);
    await inAppNavigate(page, "/my");
    await inAppNavigate(page, "/my/my-purchase");
    await visible(page, `.video-card[href="/player?id=${locked.id}"]`);

    for (const uid of [2, 3]) await m.c.send(accounts.follow, { uid });
    await inAppNavigate(page, "/user/focus");
    await visible(page, '.creator-row[href="/home/creator?uid=2"]');
    await m.c.send(accounts.follow, { uid: 3 });
    await inAppNavigate(page, "/home/creator?uid=2");
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/user/focus");
    await noneVisible(page, '.creator-row[href="/home/creator?uid=3"]');
    await visible(page, '.creator-row[href="/home/creator?uid=2"]');
  });
});

describe("player navigation", () => {
  const here = (page: Page) => page.evaluate(() => location.pathname + location.search);
  const at = (page: Page, href: string) => page.waitForFunction((h) => location.pathname + location.search === h, {}, href);
  /** A phone on /home that opened the feed's card `index`; the hrefs of the cards shown. */
  async function openedFromHome(index: number) {
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    const hrefs = await page.$$eval(".video-card", (cards) => cards.map((c) => c.getAttribute("href")!));
    await page.click(`.video-card[href="${hrefs[index]}"]`);
    await at(page, hrefs[index]!);
    return { page, hrefs };
  }

  it("moves to the next and previous video of the feed it was opened from, past what the feed had loaded", async () => {
    const { page, hrefs } = await openedFromHome(0);
    await tapText(page, "下一个");
    await at(page, hrefs[1]!);
    await tapText(page, "上一个");
    await at(page, hrefs[0]!);
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/home");
    await routerIdle(page);
    // The feed's further pages are refused, so the last card on screen is the last the feed has loaded.
    await page.setRequestInterception(true);
    let holdFeed = true;
    page.on("request", (req) => void (holdFeed && req.url().endsWith("/api/mv/list") ? req.abort("connectionrefused") : req.continue()));
    // Scrolled until the next page fails: under load the restored scroll position can land after a first scroll.
    await page.waitForFunction(
      () => {
        window.scrollTo(0, document.body.scrollHeight);
        return document.body.innerText.includes("加载失败");
      },
      { polling: 200 },
    );
    const last = await page.$$eval(".video-card", (cards) => cards.filter((c) => c.checkVisibility()).at(-1)!.getAttribute("href")!);
    await page.click(`.video-card[href="${last}"]`);
    await at(page, last);
    holdFeed = false;
    // A reload keeps the list (session storage, named by the history entry).
    await page.reload();
    await page.waitForSelector(".player-title", { visible: true });
    await tapText(page, "下一个");
    await page.waitForFunction((h) => location.pathname === "/player" && location.pathname + location.search !== h, {}, last);
    const feed = await testClient(suite.gw.url).send(home.list, { section: "porn", sort: "new", page: 2, limit: 20 });
    expect(await here(page)).toBe(`/player?id=${feed.list[0]!.id}`);
  });

  it("keeps each player's own list: back from a video opened from a tag, the earlier player goes on in the home feed", async () => {
    const { page, hrefs } = await openedFromHome(2);
    await tapText(page, "#", ".player-tags a");
    await page.waitForFunction(() => location.pathname === "/tag");
    await routerIdle(page);
    // Another video of the tag, tapped on the visible tag page (the pages before it are kept, hidden; the
    // player's related videos are cards too, so only once the player is hidden).
    const otherHref = await (
      await page.waitForFunction(
        (a) => {
          if ([...document.querySelectorAll<HTMLElement>(".player-title")].some((t) => t.checkVisibility())) return undefined;
          const card = [...document.querySelectorAll<HTMLAnchorElement>(".video-card")].find((c) => c.checkVisibility() && c.getAttribute("href") !== a);
          card?.click();
          return card?.getAttribute("href");
        },
        {},
        hrefs[2],
      )
    ).jsonValue();
    await at(page, otherHref!);
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/tag");
    await routerIdle(page);
    await page.goBack();
    await at(page, hrefs[2]!);
    // Until the router has committed the back navigation, the page on screen is still the tag's video.
    await routerIdle(page);
    await tapText(page, "下一个");
    await at(page, hrefs[3]!);
  });
});

describe("series in the player", () => {
  it("shows the other videos of the video's series, linking to the whole series", async () => {
    const inSeries = (await testClient(suite.gw.url).send(video.byElement, { element_id: 1, page: 1, limit: 2 })).list[0]!;
    const page = await adultPhone();
    await page.goto(`${suite.gw.url}/player?id=${inSeries.id}`);
    await findText(page, `合集 · ${inSeries.series_title}`, "h2");
    await page.click(`a[href="/series?id=1"]`);
    await page.waitForFunction(() => location.pathname === "/series");
    await findText(page, inSeries.series_title);
  });
});

describe("HLS without native support", () => {
  it("plays a stream through hls.js, loaded only then", async () => {
    const c = testClient(suite.gw.url);
    let hlsId = 0;
    for (let id = 3; id < 120 && !hlsId; id += 3) {
      const d = await c.send(video.detail, { id });
      if (d.can_watch && d.play_url.endsWith(".m3u8")) hlsId = id;
    }
    expect(hlsId).toBeGreaterThan(0);
    const page = await adultPhone();
    // A browser that cannot play HLS natively (Chrome before native HLS, Firefox).
    await page.evaluateOnNewDocument(() => {
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? "" : original.call(this, type);
      };
    });
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${suite.gw.url}/player?id=${hlsId}`);
    await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement | null)?.currentTime! > 0.5, { timeout: 20_000 });
    expect(scripts.some((s) => /\/hls-[\w-]+\.js$/.test(s))).toBe(true);
    // The stream went through Media Source Extensions, not a plain src.
    expect(await page.$eval("video", (v) => (v as HTMLVideoElement).src.startsWith("blob:"))).toBe(true);
  });
});
