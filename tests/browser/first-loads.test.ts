import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { adultPhone, gatewayAndBrowser } from "../support/browser.ts";
import { CLIENT, firstLoadFiles, gzip9Bytes, readManifest, type Manifest } from "../support/build-manifest.ts";

// Decision 087: what each screen loads first, read from the build's route manifest, and the tabs' code fetched
// once the first screen is in.
function manifest(): Manifest {
  const m = readManifest();
  expect(m, "a build (npm run build)").not.toBeNull();
  return m!;
}

/** The files a direct visit to `path` loads before the screen can render: the entry, the root's and the route's. */
function firstLoad(path: string): string[] {
  const files = firstLoadFiles(manifest(), path);
  expect(files, path).not.toBeNull();
  return files!;
}

const named = (files: string[], name: string) => files.some((f) => new RegExp(`/${name}-[\\w-]+\\.(js|css)$`).test(f));

/** The tab and detail screens of issue 37 (the tabs on /home's own chunks load nothing more). */
const SCREENS = ["post", "my", "player", "scandalous/detail", "post/detail", "dating", "dating/detail", "cartoon/cartoon-detail", "novel/detail", "novel/reader", "audio/detail", "picture/detail", "game/detail", "home/creator", "search/result"];

/**
 * Each screen's first load, JS + CSS, gzip -9, in KB, as decision 112 left it: a change that adds 1 KB to a screen's
 * first load fails here and says by how much, and none may pass issue 37's target of 150.
 */
const TARGET_KB = 150;
const BUDGET_KB: Record<string, number> = {
  home: 138.1, scandalous: 140.5, resource: 145.1, dark_web: 138.1, post: 149.3, my: 145.9, player: 149.4,
  "scandalous/detail": 145.4, "post/detail": 147.4, dating: 148.7, "dating/detail": 147.9,
  "cartoon/cartoon-detail": 146.9, "novel/detail": 146.9, "novel/reader": 147.8, "audio/detail": 148.6,
  "picture/detail": 144.9, "game/detail": 146.1, "home/creator": 149.0, "search/result": 148.6,
};

const gzipKb = (files: string[]) => files.reduce((sum, f) => sum + gzip9Bytes(f), 0) / 1024;

describe("first loads (built app)", () => {
  it("keeps every screen's first load within what decision 112 reached, and within 150 KB", () => {
    for (const [screen, kb] of Object.entries(BUDGET_KB)) {
      const size = Math.round(gzipKb(firstLoad(screen)) * 10) / 10;
      expect({ screen, size, over: size > Math.min(kb + 1, TARGET_KB) }).toEqual({ screen, size, over: false });
    }
  });

  // Most items a member opens are theirs to see: the unlock panel comes with a locked item's data, not with the screen
  // (decision 111), and a video's source code once its poster has painted.
  it("keeps the unlock panel out of the item screens' first loads, and the stream's code out of /player's", () => {
    const js = (screen: string) => firstLoad(screen).filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(CLIENT, f), "utf8"));
    for (const screen of SCREENS) {
      expect({ screen, panel: js(screen).some((code) => code.includes('"locked-panel-body"')) }).toEqual({ screen, panel: false });
    }
    expect(js("player").some((code) => code.includes("当前浏览器无法播放此视频"))).toBe(false);
  });

  // /player's first frame is the picture and the video's information (decision 112): the bullets' code, the gift
  // sheet's and what is below the information come after it.
  it("keeps the bullets, the gift sheet and what is below the video's information out of /player's first load", () => {
    const code = firstLoad("player")
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(join(CLIENT, f), "utf8"))
      .join("\n");
    for (const text of ["附近的弹幕", "发个友善的弹幕见证当下", "当前余额", "所属合集"]) expect({ text, inFirstLoad: code.includes(text) }).toEqual({ text, inFirstLoad: false });
    // The place a bullet bar keeps while its code comes.
    expect(code).toContain('className:"danmaku-bar"');
  });

  // No screen animates or drags at once: Tabs and Swiper draw their first frame without react-spring and load it
  // when the page is idle, the reader's swipe comes then too, a read-only Rate never drags (decision 091).
  it("keeps the overlays and their animation and gesture code out of every screen's first load", () => {
    for (const screen of SCREENS) {
      const files = firstLoad(screen);
      expect({ screen, motion: named(files, "motion") }).toEqual({ screen, motion: false });
      expect({ screen, spring: named(files, "spring") }).toEqual({ screen, spring: false });
      expect({ screen, gesture: named(files, "gesture") }).toEqual({ screen, gesture: false });
    }
  });

  it("loads each screen's code in a few files: the shared modules in one chunk, not dozens of small ones", () => {
    const base = firstLoad("home").length;
    for (const screen of SCREENS) {
      const files = firstLoad(screen);
      // JS and CSS beyond /home's: the route, its CSS, the kit, the shared chunk and calls, a few more (the player's and
      // the item's controls' stylesheets apart from the shared one: decision 095; an area's calls: decision 102).
      expect({ screen, more: files.length - base <= 18 }).toEqual({ screen, more: true });
      expect({ screen, shared: named(files, "shared") }).toEqual({ screen, shared: true });
    }
    // No first frame needs antd-mobile's code: the title bar, buttons, lists, the search bar and the list's foot are
    // the app's own in its markup (decision 107).
    for (const screen of ["home", "scandalous", "resource", "dark_web", ...SCREENS]) {
      expect({ screen, kit: named(firstLoad(screen), "kit") }).toEqual({ screen, kit: false });
    }
  });

  // Decision 103: the starter imports a screen's first calls when the page opens that screen; preloaded by the page
  // beside the starter, they are in when it asks, not a round trip after it.
  it("preloads each screen's first calls first, beside the starter", () => {
    const assets = join(CLIENT, "assets");
    const starter = readFileSync(join(assets, readdirSync(assets).find((f) => /^starter-[\w-]+\.js$/.test(f))!), "utf8");
    // The starter's map of screens: `"/player":()=>…import("./<chunk>.js")`.
    const screens = [...starter.matchAll(/"\/([\w/-]+)":\(\)=>[^,]*?import\("\.\/([\w-]+\.js)"\)/g)].map(([, screen, chunk]) => ({ screen: screen!, chunk: `/assets/${chunk}` }));
    expect(screens.map((s) => s.screen)).toEqual(expect.arrayContaining(SCREENS.filter((s) => s !== "novel/reader")));
    for (const { screen, chunk } of screens) {
      const page = readFileSync(join(CLIENT, screen, "index.html"), "utf8");
      const queue: string[] = JSON.parse(/,q=(\[[^\]]*\])/.exec(page)?.[1] ?? "[]");
      expect({ screen, first: queue[0] }).toEqual({ screen, first: chunk });
    }
  });
});

describe("prefetch after the first screen", () => {
  const ctx = gatewayAndBrowser();

  it("fetches the tabs' route modules and the overlays' code once /home's feed is in and the member scrolls, before any tap", async () => {
    const m = manifest();
    const post = m.routes["routes/post"]!.module;
    const motion = readdirSync(join(CLIENT, "assets")).find((f) => /^motion-[\w-]+\.js$/.test(f));
    expect(motion).toBeDefined();
    const page = await adultPhone(ctx.browser);
    const requested: string[] = [];
    page.on("request", (r) => void requested.push(new URL(r.url()).pathname));
    await page.goto(`${ctx.gw.url}/home`);
    await page.waitForSelector(".video-card", { visible: true });
    // A visitor who only looks fetches none of it (it would be in the first load's bytes and tasks).
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r))));
    expect(requested).not.toContain(post);
    const feedShownAt = requested.length;
    await page.evaluate(() => window.scrollBy(0, 200));
    await page.waitForFunction((p) => performance.getEntriesByName(new URL(p, location.href).href).length > 0, { timeout: 30_000 }, post);
    await page.waitForFunction((p) => performance.getEntriesByName(new URL(p, location.href).href).length > 0, { timeout: 30_000 }, `/assets/${motion}`);
    // Not before the first screen's content. (The overlays' code may come sooner, with /home's notice dialog.)
    expect(requested.slice(0, feedShownAt)).not.toContain(post);
    expect(page.url()).toBe(`${ctx.gw.url}/home`);
    await page.close();
  });
});
