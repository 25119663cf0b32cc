import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "puppeteer";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { accounts } from "#gateway/api/index.ts";
import { adultPhone, findText, gatewayAndBrowser, submitLogin } from "../support/browser.ts";
import { REPO_ROOT, testClient } from "../support/gateway.ts";

// Decision 108: an item's screen draws its first frame without the code of what comes after it (its comments, an
// article's or a post's video player), and nothing on the screen moves when that code comes.

const suite = gatewayAndBrowser();
const ASSETS = join(REPO_ROOT, "build/client/assets");

/** The built chunk whose code holds `text`: one module's, found by a string only it writes. */
function chunkWith(text: string): string {
  const found = readdirSync(ASSETS).filter((f) => f.endsWith(".js") && readFileSync(join(ASSETS, f), "utf8").includes(text));
  expect(found, text).toHaveLength(1);
  return `/assets/${found[0]}`;
}

declare global {
  interface Window {
    __shifts?: number;
  }
}

/** A phone whose requests for `held` wait until `release()`, counting the page's layout shifts in `window.__shifts`. */
async function phoneHolding(held: string[]): Promise<{ page: Page; asked: string[]; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const asked: string[] = [];
  const page = await adultPhone(suite.browser);
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (!held.includes(path)) return void request.continue();
    asked.push(path);
    void released.then(() => request.continue());
  });
  await page.evaluateOnNewDocument(() => {
    window.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) window.__shifts! += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return { page, asked, release };
}

describe("an item's later parts", () => {
  it("draws an article's video box before the player's code and its comments after the text, and nothing moves when they come", async () => {
    const db = suite.gw.openDb();
    let id: number;
    try {
      const body = "<p>正文开头</p><video data-media=\"mp4:1\"></video><p>正文结尾</p>";
      id = await db.insert("INSERT INTO items (kind, section, title, description, body, cover_seed, cover_ratio, created_at) VALUES ('news', '', '视频文章', ?, '', 'later', '16X9', ?)", [body, Date.now()]);
    } finally {
      await db.close();
    }
    // The player's and the comments' chunks are held until the text is on screen and measured.
    const { page, asked, release } = await phoneHolding([chunkWith("video-player-badge"), chunkWith("还没有评论，来抢沙发吧")]);
    await page.goto(`${suite.gw.url}/scandalous/detail?id=${id}`);
    await findText(page, "正文结尾", "p");
    // Both asked for once the text had rendered, neither in yet: the box stands at its 16:9 size.
    await expect.poll(() => asked.length).toBe(2);
    const before = await page.$eval(".rich-video", (el) => ({ width: el.getBoundingClientRect().width, height: el.getBoundingClientRect().height, end: [...document.querySelectorAll(".rich-text p")].find((p) => p.textContent === "正文结尾")!.getBoundingClientRect().top }));
    expect(before.height).toBeCloseTo((before.width * 9) / 16, 0);
    expect(await page.$(".rich-video video")).toBeNull();
    expect(await page.$("section.comments")).toBeNull();

    release();
    await page.waitForSelector(".rich-video video");
    await page.waitForSelector("section.comments");
    await findText(page, "还没有评论，来抢沙发吧", "p");
    const after = await page.$eval(".rich-video", (el) => ({ height: el.getBoundingClientRect().height, end: [...document.querySelectorAll(".rich-text p")].find((p) => p.textContent === "正文结尾")!.getBoundingClientRect().top }));
    expect(after).toEqual({ height: before.height, end: before.end });
    expect(await page.evaluate(() => window.__shifts)).toBe(0);
  });

  it("shows /player's series and 相关推荐 with its comments, after the video's information, and nothing moves when they come", async () => {
    const { page, asked, release } = await phoneHolding([chunkWith("还没有评论，来抢沙发吧")]);
    await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
    await page.waitForSelector(".player-info .player-title");
    await expect.poll(() => asked.length).toBe(1);
    expect(await page.$$("section.comments, section[aria-label=相关推荐]")).toHaveLength(0);
    const info = await page.$eval(".player-info", (el) => el.getBoundingClientRect().bottom);

    release();
    await page.waitForSelector("section.comments");
    await page.waitForSelector("section[aria-label=相关推荐] .video-card");
    // Below the information, in that order: the comments, then 相关推荐.
    const [comments, related] = await page.evaluate(() => ["section.comments", "section[aria-label=相关推荐]"].map((s) => document.querySelector(s)!.getBoundingClientRect().top));
    expect(comments).toBeGreaterThanOrEqual(info);
    expect(related).toBeGreaterThan(comments!);
    expect(await page.$eval(".player-info", (el) => el.getBoundingClientRect().bottom)).toBe(info);
    expect(await page.evaluate(() => window.__shifts)).toBe(0);
  });

  // Decision 112: the bullets' code comes after the first frame; the bar's place is kept for it.
  it("keeps /player's bullet bar in its place until its code comes, for a visitor and a member, and nothing moves", async () => {
    const held = chunkWith("附近的弹幕");
    for (const member of [false, true]) {
      const { page, asked, release } = await phoneHolding([held]);
      if (member) {
        const phone = "13900000112";
        await testClient(suite.gw.url).send(accounts.register, { phone, password: "secret123" });
        await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
        await submitLogin(page, phone, "secret123");
        await page.waitForFunction(() => location.pathname === "/my");
      }
      await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
      await page.waitForSelector(".player-info .player-title");
      await expect.poll(() => asked.length).toBe(1);
      const place = () =>
        page.$eval(".danmaku-bar", (bar) => ({
          busy: bar.getAttribute("aria-busy"),
          height: bar.getBoundingClientRect().height,
          info: document.querySelector(".player-info")!.getBoundingClientRect().top,
        }));
      const before = await place();
      expect({ member, busy: before.busy }).toEqual({ member, busy: "true" });
      expect(before.height).toBeGreaterThan(40);

      release();
      await page.waitForSelector(member ? ".danmaku-bar .danmaku-send input" : ".danmaku-bar .danmaku-login");
      expect({ member, ...(await place()) }).toEqual({ member, ...before, busy: null });
      expect(await page.evaluate(() => window.__shifts)).toBe(0);
      await page.browserContext().close();
    }
  });
});
