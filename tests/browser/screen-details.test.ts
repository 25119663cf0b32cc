import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { accounts, home, video } from "#gateway/api/index.ts";
import { formatCount } from "#app/lib/format.ts";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { adultPhone, findText, gatewayAndBrowser, submitLogin, tapText } from "../support/browser.ts";
import { DEMO, testClient } from "../support/gateway.ts";

const suite = gatewayAndBrowser();

async function loggedIn(phone: string, password: string): Promise<Page> {
  const page = await adultPhone(suite.browser);
  await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, phone, password);
  await page.waitForFunction(() => location.pathname === "/my");
  return page;
}

describe("sorting", () => {
  it("orders 最热 by play count, and its cards show that count", async () => {
    const hottest = (await testClient(suite.gw.url).send(home.list, { section: "porn", sort: "hot", page: 1, limit: 4 })).list;
    const page = await adultPhone(suite.browser);
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    await tapText(page, "最热", ".sort-tabs button");
    await page.waitForFunction((href) => document.querySelector(".video-card")?.getAttribute("href") === href, {}, `/player?id=${hottest[0]!.id}`);
    const cards = await page.$$eval(".video-card", (els) => els.slice(0, 4).map((e) => [e.getAttribute("href"), e.querySelector(".video-card-meta")!.textContent]));
    expect(cards).toEqual(hottest.map((v) => [`/player?id=${v.id}`, expect.stringContaining(`播放 ${formatCount(v.view_count)}`)]));
  });
});

describe("my favourites and likes", () => {
  it("names the favourites list 我的收藏 and keeps liked videos under 点赞", async () => {
    const c = testClient(suite.gw.url);
    const phone = "13833330001";
    c.state.token = (await c.send(accounts.register, { phone, password: "secret123" })).token;
    const page = await loggedIn(phone, "secret123");
    await page.goto(`${suite.gw.url}/my/my-like`);
    await findText(page, "还没有收藏的视频");
    expect(await page.$eval(".adm-nav-bar-title", (t) => t.textContent)).toBe("我的收藏");
    await c.send(video.like, { id: DEMO_FREE_VIDEO_ID });
    await tapText(page, "点赞", ".adm-tabs-tab");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("list") === "liked");
    await page.waitForSelector(`.video-card[href="/player?id=${DEMO_FREE_VIDEO_ID}"]`, { visible: true });
    expect(await page.$$eval(".adm-nav-bar-title", (t) => t.filter((x) => x.checkVisibility()).map((x) => x.textContent))).toEqual(["我的点赞"]);
    // The liked video is not a favourite: the favourites list is still empty.
    await tapText(page, "收藏", ".adm-tabs-tab");
    await findText(page, "还没有收藏的视频");
  });
});

describe("prices", () => {
  it("shows a VIP-free video as free to a VIP, on its card and in the player, and its price to a member without VIP", async () => {
    const demo = testClient(suite.gw.url);
    demo.state.token = (await demo.send(accounts.loginByPassword, DEMO)).token;
    const latest = (await demo.send(home.list, { section: "porn", page: 1, limit: 30 })).list;
    const vipFree = latest.find((v) => v.vip_free && v.coins > 0 && !v.is_pay)!;
    expect(vipFree.can_watch).toBe(1);
    const card = `.video-card[href="/player?id=${vipFree.id}"]`;
    const cardPrice = async (page: Page) => {
      await page.goto(`${suite.gw.url}/home`);
      // The feed is windowed: scroll until the card is drawn.
      await page.waitForFunction((sel) => Boolean(document.querySelector(sel)) || void window.scrollBy(0, 400), { polling: 100 }, card);
      return await page.$eval(`${card} .video-card-price`, (b) => b.textContent);
    };

    const vip = await loggedIn(DEMO.phone, DEMO.password);
    expect(await cardPrice(vip)).toBe("免费（VIP）");
    await vip.locator(card).click();
    await vip.waitForFunction((id) => location.search === `?id=${id}`, {}, vipFree.id);
    await vip.waitForFunction(() => [...document.querySelectorAll(".player-price")].some((b) => b.checkVisibility() && b.textContent === "免费（VIP）"));
    expect(await vip.$(".locked-panel")).toBeNull();
    expect(await vip.evaluate(() => document.body.innerText)).not.toContain(`${vipFree.coins}金币`);

    const phone = "13833330002";
    await testClient(suite.gw.url).send(accounts.register, { phone, password: "secret123" });
    const plain = await loggedIn(phone, "secret123");
    expect(await cardPrice(plain)).toBe(`${vipFree.coins}金币`);
  });
});

describe("layout details", () => {
  it("keeps covers and price badges from showing through the tab bar", async () => {
    const page = await adultPhone(suite.browser);
    await page.goto(`${suite.gw.url}/home`);
    await page.waitForSelector(".video-card-price", { visible: true });
    const under = await page.evaluate(() => {
      const bar = document.querySelector(".tab-bar")!.getBoundingClientRect();
      const badge = [...document.querySelectorAll(".video-card-price")].at(-1)!;
      // The badge scrolled to the middle of the tab bar.
      window.scrollBy(0, badge.getBoundingClientRect().top + badge.getBoundingClientRect().height / 2 - (bar.top + bar.height / 2));
      const box = badge.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { covered: Boolean(hit?.closest(".tab-bar")), background: getComputedStyle(document.querySelector(".tab-bar")!).backgroundColor };
    });
    expect(under.covered).toBe(true);
    // Opaque: nothing under it shows through.
    expect(under.background).toMatch(/^rgb\(/);
  });

  it("shows the chosen option on /my/edit in the app's accent", async () => {
    const page = await loggedIn(DEMO.phone, DEMO.password);
    await page.goto(`${suite.gw.url}/my/edit`);
    const chosen = await page.waitForSelector(".adm-selector-item-active", { visible: true });
    const colours = await chosen!.evaluate((el) => {
      const accent = getComputedStyle(document.documentElement).getPropertyValue("--app-accent").trim();
      const probe = document.createElement("span");
      probe.style.color = accent;
      document.body.append(probe);
      const accentRgb = getComputedStyle(probe).color;
      probe.remove();
      return { text: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor, accentRgb };
    });
    expect(colours.text).toBe(colours.accentRgb);
    // antd-mobile's dark navy (#0d2543) is gone.
    expect(colours.background).not.toBe("rgb(13, 37, 67)");
  });

  it("leaves room between the tab underline and the list under it", async () => {
    const page = await adultPhone(suite.browser);
    for (const [path, first] of [
      [`/search/result?kw=${encodeURIComponent("示例")}&type=video`, ".video-card"],
      ["/home/creator?uid=2", ".video-card"],
      ["/home/creator?uid=2&tab=small", ".paged-list .video-card"],
      ["/home/creator?uid=2&tab=compilation", ".element-card"],
    ] as const) {
      await page.goto(`${suite.gw.url}${path}`);
      await page.waitForSelector(first, { visible: true });
      const gap = await page.evaluate((sel) => document.querySelector(sel)!.getBoundingClientRect().top - document.querySelector(".adm-tabs-header")!.getBoundingClientRect().bottom, first);
      expect(gap, path).toBeGreaterThanOrEqual(8);
    }
  });

  it("keeps each 「·」 with the words after it when a three-column title or a meta line wraps", async () => {
    const page = await adultPhone(suite.browser);
    await page.goto(`${suite.gw.url}/home/creator?uid=2&tab=small`);
    await page.waitForSelector(".paged-list .video-card", { visible: true });
    const titles = await page.$$eval(".paged-list .video-card-title", (els) =>
      els.slice(0, 9).map((title) => {
        const lineHeight = parseFloat(getComputedStyle(title).lineHeight);
        const firstLine = title.getBoundingClientRect().top;
        return {
          text: title.textContent,
          // Each separator and the word after it: one box on one line.
          glued: [...title.querySelectorAll(".dotted-part")].every((p) => p.getClientRects().length === 1),
          wrapsAtDot: [...title.querySelectorAll(".dotted-part")].some((p) => p.getBoundingClientRect().top - firstLine > lineHeight / 2),
        };
      }),
    );
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) {
      expect(t.text).toMatch(/^\S.* · \S/);
      expect(t.glued, t.text!).toBe(true);
    }
    // Three columns are narrow: titles do wrap there, at the separator.
    expect(titles.some((t) => t.wrapsAtDot)).toBe(true);
    // Meta lines too, and they read as before.
    expect(await page.$eval(".user-head .creator-meta:not(.person-intro)", (p) => p.textContent)).toMatch(/^\S+ 粉丝 · \d+ 个视频 · 粉丝团 · 榜单$/);
  });
});
