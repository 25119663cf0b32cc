import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { accounts, home, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { REPORT_TYPES } from "#server/seed/index.ts";
import { answerDialog, findText, submitLogin, tapText } from "../support/browser.ts";
import { tap } from "../support/touch.ts";
import { callsOf, DEMO, testClient } from "../support/gateway.ts";
import { videoSuite, routerIdle, visible, noneVisible, sheetIdle, inAppNavigate } from "../support/video-suite.ts";

const { suite, adultPhone, loggedIn, newMember, setCoins } = videoSuite();

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
    await tapText(page, "下一个", ".player-nav a, .player-nav button");
    await at(page, hrefs[1]!);
    await tapText(page, "上一个", ".player-nav a");
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
    await tapText(page, "下一个", ".player-nav a, .player-nav button");
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
    await tapText(page, "下一个", ".player-nav a, .player-nav button");
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
      if (d.can_watch && /\.m3u8(\?|$)/.test(d.play_url)) hlsId = id;
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

  it("plays a sold stream through hls.js once the member pays: the signed playlist's segments carry the grant", async () => {
    const m = await newMember(100);
    let sold: { id: number; coins: number } | undefined;
    for (let id = 3; id < 150 && !sold; id += 3) {
      const d = await m.c.send(video.detail, { id });
      if (!d.can_watch && !d.vip_free && d.coins > 0 && d.coins <= 100) sold = d;
    }
    expect(sold).toBeDefined();
    const page = await loggedIn(m.phone, m.password);
    await page.evaluateOnNewDocument(() => {
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? "" : original.call(this, type);
      };
    });
    const media: { path: string; query: string; status: number }[] = [];
    page.on("response", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith(`/media/video/${sold!.id}/0/`)) media.push({ path: url.pathname, query: url.search, status: r.status() });
    });
    await page.goto(`${suite.gw.url}/player?id=${sold!.id}`);
    await tapText(page, `${sold!.coins} 金币解锁`, "button");
    await answerDialog(page, "解锁");
    // Unlocked: the preview's mark goes and the whole video plays.
    await page.waitForSelector(".video-player-badge", { hidden: true, timeout: 20_000 });
    await page.$eval("video", (v) => {
      (v as HTMLVideoElement).muted = true;
      void (v as HTMLVideoElement).play();
    });
    // A frame played: the clock moved on, through Media Source Extensions (hls.js).
    await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 0.5, { timeout: 20_000 });
    expect(await page.$eval("video", (v) => (v as HTMLVideoElement).src.startsWith("blob:"))).toBe(true);
    const segments = media.filter((r) => r.path.endsWith(".m4s"));
    expect(segments.length).toBeGreaterThan(0);
    expect(media.every((r) => r.status === 200 && /^\?u=\d+&e=\d+&s=[\w-]{32}$/.test(r.query))).toBe(true);
    expect(media.map((r) => r.path)).toContain(`/media/video/${sold!.id}/0/master.m3u8`);
  });
});
