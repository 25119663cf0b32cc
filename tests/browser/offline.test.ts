import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { accounts, audio, comics, novels } from "#gateway/api/index.ts";
import { FIRST_AUDIO_ID } from "#server/resources/audio/seed.ts";
import { FIRST_COMIC_ID } from "#server/resources/comics/seed.ts";
import { FIRST_NOVEL_ID } from "#server/resources/novels/seed.ts";
import { adultPhone, answerDialog, findText, gatewayAndBrowser, submitLogin, tapText, inAppNavigate } from "../support/browser.ts";
import { startDelayProxy } from "../support/delay-proxy.ts";
import { DEMO, testClient } from "../support/gateway.ts";

// Offline reading and listening (decision 046) on an emulated phone, with the real build (its service worker)
// and the real gateway: save a bought unit, lose the network, open it, remove it.

const suite = gatewayAndBrowser();
const CACHE = "offline-units-v1";

let member: Page | undefined;
/** The demo member, signed in once for the file, on a page its service worker controls. */
async function demoPage(): Promise<Page> {
  if (member) return member;
  const page = await adultPhone(suite.browser, { shared: true, serviceWorker: true });
  await page.goto(`${suite.gw.url}/login?redirect=%2Fmy%2Fsetting`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname === "/my/setting");
  // The app's files come from the precache once the worker controls the page (decision 035).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
  member = page;
  return page;
}

/** The demo member's own gateway client (another device), to buy units without the UI the kinds' tests cover. */
async function demoClient() {
  const c = testClient(suite.gw.url);
  c.state.token = (await c.send(accounts.loginByPassword, DEMO)).token;
  return c;
}

async function demoUid() {
  return (await (await demoClient()).send(accounts.userInfo, undefined)).uid;
}

/** Taps the visible element matching `selector` (screens kept alive stay in the page, hidden). */
const tapVisible = (page: Page, selector: string) =>
  page.waitForFunction(
    (sel) => {
      const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.checkVisibility() && !(e as HTMLButtonElement).disabled);
      el?.click();
      return Boolean(el);
    },
    {},
    selector,
  );

const cacheKeys = (page: Page) => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), CACHE);

/** Goes offline for real: the phone's network off and the gateway stopped, until `back` is called. */
async function offline(page: Page) {
  await page.setOfflineMode(true);
  await suite.gw.stop();
  return async () => {
    await suite.gw.restart();
    await page.setOfflineMode(false);
  };
}

describe("设置 › 离线内容", () => {
  it("lists what the member saved with its size, removes one and then all, and sweeps files nothing lists", async () => {
    const page = await demoPage();
    await findText(page, "还没有离线内容");
    const uid = await demoUid();
    // Two saved units as the store writes them (entries last), a file they share and one left by a cut-off save.
    await page.evaluate(
      async (name, owner) => {
        const cache = await caches.open(name);
        const file = (bytes: number) =>
          new Response(new Uint8Array(bytes), {
            headers: { "content-length": String(bytes) },
          });
        await cache.put("/media/enc/shared-page", file(300_000));
        await cache.put("/media/enc/orphan-page", file(1000));
        const entry = (unitId: number, title: string, savedAt: number) => ({
          kind: "comic",
          itemId: 30001,
          unitId,
          owner,
          title,
          href: `/cartoon/cartoon-detail?id=30001`,
          data: {},
          files: [
            {
              url: `${location.origin}/media/enc/shared-page`,
              size: 300_000,
              type: "",
            },
          ],
          size: 301_000,
          savedAt,
        });
        for (const [unitId, title, at] of [
          [1, "测试漫画 · 第 1 话", 1],
          [2, "测试漫画 · 第 2 话", 2],
        ] as const) {
          await cache.put(`/__offline__/${owner}/comic/30001/${unitId}`, new Response(JSON.stringify(entry(unitId, title, at))));
        }
        // Another member's unit on the same device: not listed.
        await cache.put(`/__offline__/${owner + 1}/comic/30001/3`, new Response(JSON.stringify({ ...entry(3, "别人的", 3), owner: owner + 1 })));
      },
      CACHE,
      uid,
    );
    await page.reload();
    await findText(page, "离线内容（2 项 · 588 KB）");
    const titles = await page.$$eval(".offline-unit a", (links) => links.map((a) => a.textContent));
    expect(titles).toEqual(["测试漫画 · 第 2 话", "测试漫画 · 第 1 话"]);
    await findText(page, "本应用已用");
    await page.waitForFunction(async (name) => !(await (await caches.open(name)).match("/media/enc/orphan-page")), {}, CACHE);

    await tapVisible(page, 'button[aria-label="删除 测试漫画 · 第 2 话"]');
    await findText(page, "离线内容（1 项 · 294 KB）");
    // The page the other unit still lists stays.
    expect(await cacheKeys(page)).toContain("/media/enc/shared-page");

    await tapText(page, "全部删除");
    await answerDialog(page, "删除");
    await findText(page, "还没有离线内容");
    // The other member's unit and the page it lists stay.
    expect((await cacheKeys(page)).sort()).toEqual([`/__offline__/${uid + 1}/comic/30001/3`, "/media/enc/shared-page"]);
    await page.evaluate((name) => caches.delete(name), CACHE);
  });

  it("opens offline with the app's files from the precache", async () => {
    const page = await demoPage();
    const back = await offline(page);
    try {
      await page.reload();
      await findText(page, "离线内容");
      await findText(page, "还没有离线内容");
    } finally {
      await back();
    }
  });
});

describe("a novel chapter", () => {
  /** Opens the reader's menu: a tap in the middle of the page's head (the middle third of the screen). */
  const openMenu = async (page: Page) => {
    const box = (await (await page.waitForSelector("[data-testid=reader]"))!.boundingBox())!;
    // The tap zones' hint, the first time this device reads: its first tap closes it.
    if (await page.$(".reader-hint")) await page.locator(".reader-hint button").click();
    await page.mouse.click(box.x + box.width / 2, box.y + 20);
    await page.waitForSelector(".reader-menu-bottom [data-testid=save-offline]", { visible: true });
  };

  it("is refused before it is bought, saved after, read with no network, and removed", { timeout: 90_000 }, async () => {
    const page = await demoPage();
    const c = await demoClient();
    const chapter = (
      await c.send(novels.chaptersList, {
        id: FIRST_NOVEL_ID,
        page: 1,
        limit: 50,
      })
    ).list.find((ch) => !ch.can_open)!;
    const reader = `/novel/reader?id=${FIRST_NOVEL_ID}&chapter=${chapter.id}`;
    await page.goto(`${suite.gw.url}${reader}`);
    await openMenu(page);
    await findText(page, "购买后可保存离线", "button");

    const bought = await c.send(novels.buy, { id: chapter.id });
    expect(bought.ok, bought.msg).toBe(true);
    const { content, novel_title } = await c.send(novels.chapterDetail, {
      id: chapter.id,
    });
    const firstParagraph = content.split("\n")[0]!.trim();
    await page.reload();
    await openMenu(page);
    await tapText(page, "保存离线");
    await findText(page, "已保存 ·");

    const back = await offline(page);
    try {
      await page.reload();
      await page.waitForSelector(`[data-testid=reader][data-chapter-id="${chapter.id}"]`);
      await findText(page, firstParagraph.slice(0, 12), "p");
      // 设置 lists it, and it opens from there.
      await inAppNavigate(page, "/my/setting");
      await findText(page, `${novel_title} · ${chapter.title}`, "a");
      await tapVisible(page, ".offline-unit a");
      await page.waitForFunction((r) => location.pathname + location.search === r, {}, reader);
      await findText(page, firstParagraph.slice(0, 12), "p");
      // The book's screen opens too, from the detail kept with the chapter: only the saved chapter, which opens.
      await inAppNavigate(page, `/novel/detail?id=${FIRST_NOVEL_ID}`);
      await findText(page, novel_title, "h1");
      await findText(page, "目录（已保存 1 章）", "h2");
      expect(await page.$$eval(".chapter-list .chapter-title", (ts) => ts.filter((t) => t.checkVisibility()).map((t) => t.textContent))).toEqual([chapter.title]);
      await tapVisible(page, ".chapter-list a.chapter-row");
      await page.waitForSelector(`[data-testid=reader][data-chapter-id="${chapter.id}"]`);
    } finally {
      await back();
    }
    await inAppNavigate(page, "/my/setting");
    await tapVisible(page, `button[aria-label="删除 ${novel_title} · ${chapter.title}"]`);
    await findText(page, "还没有离线内容");
    expect(await cacheKeys(page)).toEqual([]);
  });

  it("is saved at once when the book's detail does not answer, and keeps the detail once it does", { timeout: 90_000 }, async () => {
    // A line that holds the book's detail call (and only it, once the reader is open) for 6 s.
    let holdDetail = false;
    const line = await startDelayProxy(suite.gw.url, (path) => (holdDetail && path.startsWith("/api/novel/detail") ? 6000 : 0));
    const page = await adultPhone(suite.browser, { serviceWorker: true });
    try {
      const c = await demoClient();
      const chapter = (await c.send(novels.chaptersList, { id: FIRST_NOVEL_ID, page: 1, limit: 50 })).list.find((ch) => !ch.can_open)!;
      expect((await c.send(novels.buy, { id: chapter.id })).ok).toBe(true);
      const reader = `/novel/reader?id=${FIRST_NOVEL_ID}&chapter=${chapter.id}`;
      await page.goto(`${line.url}/login?redirect=${encodeURIComponent(reader)}`);
      await submitLogin(page, DEMO.phone, DEMO.password);
      await page.waitForSelector(`[data-testid=reader][data-chapter-id="${chapter.id}"]`);
      await openMenu(page);
      holdDetail = true;
      const tapped = Date.now();
      await tapText(page, "保存离线");
      await findText(page, "已保存 ·");
      // Saved while the detail was still held: not after the call's answer (or its timeout).
      expect(Date.now() - tapped).toBeLessThan(5000);
      const entry = () =>
        page.evaluate(async (name) => {
          const cache = await caches.open(name);
          for (const key of await cache.keys()) {
            if (!new URL(key.url).pathname.includes("/novel/")) continue;
            return (await (await cache.match(key))!.json()) as { title: string; item?: { title?: string } };
          }
          return undefined;
        }, CACHE);
      expect((await entry())?.item).toBeUndefined();
      // The detail answers at last: the saved chapter gets it, for the book's screen offline.
      const { title } = await c.send(novels.detail, { id: FIRST_NOVEL_ID });
      await expect.poll(async () => (await entry())?.item?.title, { timeout: 15_000 }).toBe(title);
    } finally {
      await page.browserContext().close();
      await line.close();
    }
  });
});

describe("a comic episode", () => {
  it("is saved with its encrypted pages and read with no network", { timeout: 90_000 }, async () => {
    const page = await demoPage();
    const c = await demoClient();
    const episode = (await c.send(comics.listEpisode, { id: FIRST_COMIC_ID })).episodes.find((e) => !e.can_open)!;
    const boughtEpisode = await c.send(comics.buy, {
      id: FIRST_COMIC_ID,
      chapter_id: episode.id,
    });
    expect(boughtEpisode.ok, boughtEpisode.msg).toBe(true);
    const pages = (
      await c.send(comics.read, {
        id: FIRST_COMIC_ID,
        episode_id: episode.id,
      })
    ).pages.length;
    await page.goto(`${suite.gw.url}/cartoon/cartoon-read?id=${FIRST_COMIC_ID}&episode=${episode.id}`);
    await page.waitForSelector(".comic-page img", { visible: true });
    await tapText(page, "保存离线");
    await findText(page, "已保存 ·");
    // The entry and every page, stored as downloaded (still encrypted).
    expect((await cacheKeys(page)).filter((k) => k.startsWith("/media/enc/"))).toHaveLength(pages);

    const back = await offline(page);
    try {
      await page.reload();
      await page.waitForSelector(".comic-page img", { visible: true });
      // Decrypted from the saved copy: a real picture, not a broken image.
      expect(await page.$eval(".comic-page img", (img) => (img as HTMLImageElement).decode().then(() => (img as HTMLImageElement).naturalWidth))).toBeGreaterThan(0);
      // The comic's screen opens too, listing the saved episode only, which opens.
      await inAppNavigate(page, `/cartoon/cartoon-detail?id=${FIRST_COMIC_ID}`);
      await findText(page, "选集（已保存 1 话）", "h2");
      expect(await page.$$eval(".comic-episodes .comic-episode", (es) => es.filter((e) => e.checkVisibility()).map((e) => e.textContent))).toEqual([episode.title]);
      await tapVisible(page, ".comic-episodes a.comic-episode");
      await page.waitForFunction((id) => new URLSearchParams(location.search).get("episode") === String(id), {}, episode.id);
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".comic-page img")].some((img) => img.checkVisibility() && img.naturalWidth > 0));
    } finally {
      await back();
    }
    await tapText(page, "删除");
    await findText(page, "保存离线", "button");
    expect((await cacheKeys(page)).filter((k) => k.includes("/comic/") || k.startsWith("/media/"))).toEqual([]);
  });
});

describe("an audio chapter", () => {
  /** Taps the button `text` in the row of the chapter titled `title`. */
  const tapInRow = (page: Page, title: string, text: string) =>
    page.waitForFunction(
      (t, label) => {
        const row = [...document.querySelectorAll("li.audio-chapter")].find((li) => li.querySelector(".audio-chapter-title")?.textContent === t);
        const button = [...(row?.querySelectorAll<HTMLButtonElement>("button") ?? [])].find((b) => b.textContent?.includes(label) && !b.disabled);
        button?.click();
        return Boolean(button);
      },
      {},
      title,
      text,
    );

  it("is saved with its file, and its book's screen plays it with no network", { timeout: 90_000 }, async () => {
    const page = await demoPage();
    const c = await demoClient();
    const chapter = (await c.send(audio.chaptersList, { id: FIRST_AUDIO_ID, page: 1, limit: 50 })).list.find((ch) => !ch.can_open)!;
    const bought = await c.send(audio.buy, { id: chapter.id });
    expect(bought.ok, bought.msg).toBe(true);
    await page.goto(`${suite.gw.url}/audio/detail?id=${FIRST_AUDIO_ID}`);
    await page.waitForSelector(".audio-chapter-main", { visible: true });
    await tapInRow(page, chapter.title, "保存离线");
    await findText(page, "已保存 ·");

    const back = await offline(page);
    try {
      await page.reload();
      await page.waitForSelector(".audio-chapter-main", { visible: true });
      // Only what was saved is on the offline screen; it plays from the device.
      expect(await page.$$eval(".audio-chapter-title", (ts) => ts.map((t) => t.textContent))).toEqual([chapter.title]);
      await page.locator(".audio-chapter-main").click();
      await page.waitForFunction(() => {
        const a = document.querySelector("audio")!;
        return a.src.startsWith("blob:") && !a.paused && a.currentTime > 0.3;
      });
    } finally {
      await back();
    }
    await page.evaluate(() => document.querySelector("audio")!.pause());
    await tapInRow(page, chapter.title, "删除");
    await page.waitForFunction(() => [...document.querySelectorAll("li.audio-chapter button")].some((b) => b.textContent === "保存离线"));
    expect((await cacheKeys(page)).filter((k) => k.includes("/audio/"))).toEqual([]);
  });
});
