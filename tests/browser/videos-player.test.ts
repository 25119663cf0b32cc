import Database from "better-sqlite3";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { accounts, home, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { REPORT_TYPES } from "#server/seed/index.ts";
import { answerDialog, clickText, findText, tapText } from "../support/browser.ts";
import { tap } from "../support/touch.ts";
import { callsOf, testClient } from "../support/gateway.ts";
import { videoSuite, visible, inAppNavigate, loginToken, routerIdle } from "../support/video-suite.ts";

const { suite, adultPhone, loggedIn, newMember } = videoSuite();

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
    await clickText(page, "登录后解锁", "a");
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
    // Unlocked: the preview's mark goes and the whole video plays.
    await page.waitForSelector(".video-player-badge", { hidden: true, timeout: 20_000 });
    await page.waitForSelector("video[data-testid=video]");
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
    // Once: a second tap while it asks adds no question. Counted until the first has closed: a second one would be
    // on the page by then.
    await page.evaluate(() => {
      const w = window as unknown as { __dialogs: number };
      const count = () => (w.__dialogs = Math.max(w.__dialogs ?? 0, document.querySelectorAll(".adm-dialog").length));
      count();
      new MutationObserver(count).observe(document.body, { childList: true, subtree: true });
      [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("金币解锁"))!.click();
    });
    await answerDialog(page, "取消");
    expect(await page.evaluate(() => (window as unknown as { __dialogs: number }).__dialogs)).toBe(1);
    // An unlock would have been submitted when 取消 was tapped, before the dialog closed: once nothing is under way,
    // the gateway has seen all it will.
    await routerIdle(page, { fetchers: true });
    expect((await m.c.send(accounts.userInfo, undefined)).coins).toBe(50);
    expect(await m.c.send(video.detail, { id: DEMO_LOCKED_VIDEO_ID })).toMatchObject({ can_watch: 0, is_pay: 0 });
    // Only its preview plays: at its end the lock takes the video's place.
    await page.waitForSelector(".player-stage .locked-panel", { visible: true, timeout: 20_000 });
    expect(await page.$(".player-stage video")).toBeNull();
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
    // Bought: the preview's mark goes, and the video plays on.
    await page.waitForSelector(".video-player-badge", { hidden: true, timeout: 20_000 });
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
    // Unlocked: the preview's mark goes and the whole video plays.
    await page.waitForSelector(".video-player-badge", { hidden: true, timeout: 20_000 });
    await page.waitForSelector("video[data-testid=video]");
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
    // The box knows the longest comment once focused (its table of calls loads then, not with the screen).
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>("input[aria-label=评论内容]")?.maxLength === 500);
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
    expect(await page.$$eval(".comments button[aria-expanded]", (b) => b.length)).toBe(0);
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
