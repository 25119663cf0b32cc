// Every screen of app/routes.ts, opened in one page by the app's own navigation: the accessibility and page-gutter
// tests check each screen this way.
import Database from "better-sqlite3";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Page } from "puppeteer";
import { expect } from "vitest";
import { accounts, dating } from "#gateway/api/index.ts";
import routes from "#app/routes.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID, SEEDED_CREATORS } from "#server/content/seed.ts";
import { FIRST_COMIC_ID } from "#server/resources/comics/seed.ts";
import { FIRST_NOVEL_ID } from "#server/resources/novels/seed.ts";
import { submitLogin } from "./browser.ts";
import { DEMO, testClient, type TestGateway } from "./gateway.ts";

/** The product's screens in app/routes.ts: every route with a page (no redirect of a moved address, no action route). */
export function screenPaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) =>
    e.children ? screenPaths(e.children) : e.file === "routes/moved.tsx" || e.file.startsWith("routes/actions/") ? [] : [e.index ? "/" : e.path === "*" ? "*" : `/${e.path}`],
  );
}

/** Seeded ids for the screens that show one thing. */
export interface Seeds {
  compilation: number;
  dating: number;
  news: number;
  post: number;
  topic: number;
  circleCategory: number;
  comicEpisode: number;
  novelChapter: number;
}

export function seeds(dataDir: string): Seeds {
  const db = new Database(`${dataDir}/gateway.sqlite`, { readonly: true });
  try {
    const one = (sql: string, ...args: unknown[]) => (db.prepare(sql).pluck().get(...args) as number | undefined) ?? 0;
    const first = (kind: string) => one("SELECT MIN(id) FROM items WHERE kind = ?", kind);
    return {
      compilation: one("SELECT MIN(id) FROM series"),
      dating: first("dating"),
      news: first("news"),
      post: first("post"),
      topic: one("SELECT MIN(series_id) FROM items WHERE kind = 'post'"),
      circleCategory: one("SELECT MIN(id) FROM categories WHERE section = 'aw'"),
      comicEpisode: one("SELECT id FROM item_units WHERE item_id = ? ORDER BY seq LIMIT 1", FIRST_COMIC_ID),
      novelChapter: one("SELECT id FROM item_units WHERE item_id = ? ORDER BY seq LIMIT 1", FIRST_NOVEL_ID),
    };
  } finally {
    db.close();
  }
}

const q = encodeURIComponent;

/**
 * Every screen path of app/routes.ts, each with the addresses it is checked at and the element that says its
 * content is in. A screen added to routes.ts without an entry here fails the test.
 */
export function screens(s: Seeds): Record<string, [query: string, ready: string][]> {
  return {
    "/": [["", ".age-gate"]],
    "/login": [["", "input[name=password]"]],
    "/home": [["", ".video-card"]],
    "/scandalous": [["", ".feed-tools"]],
    "/resource": [["", ".resource-tile"], ["?type=picture", ".resource-tile"]],
    "/dark_web": [["", ".video-card"]],
    "/post": [["", ".sort-tabs"], ["?tab=headlines", ".headline"]],
    "/my": [["", ".my-stats"]],
    "/player": [[`?id=${DEMO_FREE_VIDEO_ID}`, ".player-info"], [`?id=${DEMO_LOCKED_VIDEO_ID}`, ".locked-panel-body"]],
    "/home/collect": [["", ".element-card"]],
    "/home/creator": [["?uid=2", ".video-card"], ["?uid=2&tab=headline", ".headline"]],
    "/home/collect-detail": [[`?id=${s.compilation}`, ".video-card"]],
    "/series": [[`?id=${s.compilation}`, ".video-card"]],
    "/discovery/tag": [["", ".tag-group-head"]],
    "/discovery/concentration": [["", ".element-card"]],
    "/discovery/daily-pick": [["", ".video-card"]],
    "/discovery/theme": [["", ".video-card"]],
    "/search": [["", ".hot-list"]],
    "/search/result": [[`?kw=${q("示例")}&type=video`, ".video-card"], [`?kw=${q(SEEDED_CREATORS[0]!)}&type=creator`, ".creator-row"]],
    "/tag": [[`?name=${q("旅行")}`, ".video-card"]],
    "/category": [["?id=1", ".video-card"], [`?title=${q("小说")}&type=novel`, ".resource-card"]],
    "/user": [["?uid=1", ".user-head"]],
    "/user/focus": [["?uid=1", ".page-body"]],
    "/user/fans": [["?uid=2", ".page-body"]],
    "/user/fan-rank": [["?uid=2", ".rank-row"]],
    "/user/fan-rule": [["?uid=2", ".rules"]],
    "/user/fan-group": [["?uid=2", ".rank-row"]],
    "/my/setting": [["", ".adm-list"]],
    "/my/info": [["", ".adm-list"]],
    "/my/edit": [["", "form"]],
    "/my/updatepwd": [["", "form"]],
    "/my/announcement": [["", ".notice-item"]],
    "/my/notice": [["", ".notice-item"]],
    "/my/my-like": [["", ".group-tools"], ["?list=liked", ".page-body"], ["?list=comic", ".page-body"], ["?list=follow", ".page-body"]],
    "/my/my-purchase": [["", ".page-body"], ["?kind=novel", ".page-body"]],
    "/my/my-tickets": [["", ".page-body"]],
    "/my/history": [["", ".page-body"]],
    "/dating": [["", ".dating-card"]],
    "/dating/detail": [[`?id=${s.dating}`, ".dating-review"]],
    "/dating/dcomment": [[`?id=${s.dating}`, ".dating-terms"]],
    "/dating/certify": [["", ".dating-terms"]],
    "/my/my-dating": [["", ".page-body"]],
    "/my/recharge": [["", ".product-grid"]],
    "/my/recharge-records": [["", ".page-body"]],
    "/my/consumptions": [["", ".page-body"]],
    "/my/purse": [["", ".wallet-card"]],
    "/my/proxy": [["", ".wallet-card"]],
    "/my/proxy-rule": [["", ".wallet-card"]],
    "/share/index": [["", ".page-body"]],
    "/share/promotion": [["", ".prose"]],
    "/share/records": [["", ".page-body"]],
    "/my/my-fans": [["", ".page-body"]],
    "/my/issues": [["", ".page-body"], ["?tab=send", "textarea"]],
    "/my/app-center": [["", ".page-body"]],
    "/user/customer": [["", ".page-body"]],
    "/scandalous/detail": [[`?id=${s.news}`, ".article"], [`?id=${s.news + 1}`, ".article"]],
    "/post/detail": [[`?id=${s.post}`, ".post-body"]],
    "/post/topic": [[`?id=${s.topic}`, ".composer-hint"]],
    "/post/category": [[`?id=${s.circleCategory}`, ".page-body"]],
    "/lookmv": [["", ".composer"], ["?type=post", ".composer"]],
    "/my/my-post": [["", ".page-body"]],
    "/cartoon/cartoon-detail": [[`?id=${FIRST_COMIC_ID}`, ".comic-episodes"]],
    "/cartoon/cartoon-read": [[`?id=${FIRST_COMIC_ID}&episode=${s.comicEpisode}`, ".comic-toolbar"]],
    "/novel/detail": [[`?id=${FIRST_NOVEL_ID}`, ".chapter-list"]],
    "/novel/chapter": [[`?id=${FIRST_NOVEL_ID}`, ".chapter-row"]],
    "/novel/reader": [[`?id=${FIRST_NOVEL_ID}&chapter=${s.novelChapter}`, ".reader-viewport"]],
    "/audio/detail": [["?id=33001", ".audio-chapters"]],
    "/picture/detail": [["?id=32001", ".picture-grid"]],
    "/game/detail": [["?id=34001", ".game-shots"]],
    "*": [["/nope", ".error-page"]],
  };
}

/**
 * Goes to `address` inside the app (the router's own navigation, as a link would: no page load, what a test put in the page stays in) and
 * waits for the new screen: its `ready` element, rendered after the navigation (elements of the screen before are
 * marked first), visible, and nothing under way in the router.
 */
export async function openInApp(page: Page, address: string, ready: string) {
  await page.evaluate((sel) => {
    for (const el of document.querySelectorAll(sel)) el.setAttribute("data-a11y-before", "");
  }, ready);
  await page.evaluate((to) => {
    void (window as unknown as { __reactRouterDataRouter: { navigate: (to: string, opts: unknown) => Promise<void> } }).__reactRouterDataRouter.navigate(to, { replace: true });
  }, address);
  await page.waitForFunction(
    (sel) => {
      const router = (window as unknown as { __reactRouterDataRouter: { state: { navigation: { state: string }; revalidation: string } } }).__reactRouterDataRouter;
      if (router.state.navigation.state !== "idle" || router.state.revalidation !== "idle") return false;
      return [...document.querySelectorAll(`${sel}:not([data-a11y-before])`)].some((el) => el.checkVisibility());
    },
    {},
    ready,
  );
}


/**
 * Opens every screen of app/routes.ts in `page` (a fresh phone page) and calls `visit` on each once its content is
 * in: the age gate and the sign-in screen as a visitor, then every other address signed in as the demo member
 * (who has unlocked a dating listing, so that its reviews show).
 */
export async function visitEveryScreen(gw: TestGateway, page: Page, visit: (address: string) => Promise<void>) {
  const ids = seeds(gw.dataDir);
  const all = screens(ids);
  expect(Object.keys(all).sort()).toEqual(screenPaths(routes).sort());

  // A review is written after an unlock.
  const member = testClient(gw.url, { token: (await testClient(gw.url).send(accounts.loginByPassword, DEMO)).token });
  await member.send(dating.buy, { id: ids.dating });

  await page.evaluateOnNewDocument(() => sessionStorage.setItem("___HOME_NOTICE__", "1"));
  // A first visit: the age gate, then the sign-in screen, as a visitor.
  await page.goto(`${gw.url}/`);
  await page.waitForSelector(".age-gate", { visible: true });
  await visit("/");
  await page.evaluate(() => localStorage.setItem("___AGE_CONFIRMED__", "1"));
  await openInApp(page, "/login", "input[name=password]");
  await visit("/login");
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname !== "/login");

  // Each screen's addresses in rounds (every screen's first, then the seconds…), and /my between two addresses of
  // one screen: its page would be kept and re-rendered rather than replaced.
  const visits = Object.entries(all).filter(([path]) => path !== "/" && path !== "/login");
  let last = "";
  for (let round = 0; visits.some(([, at]) => at[round]); round++) {
    for (const [path, at] of visits) {
      const next = at[round];
      if (!next) continue;
      const [query, ready] = next;
      const address = path === "*" ? query : `${path}${query}`;
      if (path === last) await openInApp(page, "/my", ".my-stats");
      last = path;
      await openInApp(page, address, ready).catch(async (error: unknown) => {
        const shown = await page.evaluate(() => `${location.pathname}${location.search}: ${document.body.innerText.slice(0, 200)}`);
        throw new Error(`${address}: ${String(error)} (on ${shown})`);
      });
      await visit(address);
    }
  }
}
