import Database from "better-sqlite3";
import { createRequire } from "node:module";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { accounts, dating } from "#gateway/api/index.ts";
import routes from "#app/routes.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { FIRST_COMIC_ID } from "#server/resources/comics/seed.ts";
import { FIRST_NOVEL_ID } from "#server/resources/novels/seed.ts";
import { gatewayAndBrowser, phonePage, submitLogin } from "../support/browser.ts";
import { DEMO, testClient } from "../support/gateway.ts";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const suite = gatewayAndBrowser();

/** The product's screens in app/routes.ts: every route with a page (no redirect of a moved address, no action route). */
function screenPaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) =>
    e.children ? screenPaths(e.children) : e.file === "routes/moved.tsx" || e.file.startsWith("routes/actions/") ? [] : [e.index ? "/" : e.path === "*" ? "*" : `/${e.path}`],
  );
}

/** Seeded ids for the screens that show one thing. */
interface Seeds {
  compilation: number;
  dating: number;
  news: number;
  post: number;
  topic: number;
  circleCategory: number;
  comicEpisode: number;
  novelChapter: number;
}

function seeds(dataDir: string): Seeds {
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
function screens(s: Seeds): Record<string, [query: string, ready: string][]> {
  return {
    "/": [["", ".age-gate"]],
    "/login": [["", "input[name=password]"]],
    "/home": [["", ".video-card"]],
    "/scandalous": [["", ".feed-tools"]],
    "/resource": [["", ".resource-tile"], ["?type=picture", ".resource-tile"]],
    "/dark_web": [["", ".video-card"]],
    "/post": [["", ".sort-tabs"]],
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
    "/search/result": [[`?kw=${q("示例")}&type=video`, ".video-card"], [`?kw=${q("创作者")}&type=creator`, ".creator-row"]],
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

interface Violation {
  id: string;
  nodes: { target: string[] }[];
}

/** The WCAG 2 A and AA rules axe finds broken on the page as it is, by rule: the elements. */
async function violations(page: Page): Promise<Record<string, string[]>> {
  // A control just enabled fades in (antd-mobile's buttons: 0.15 s of opacity): its colours are read once it is in.
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running"));
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return Object.fromEntries(found.map((v) => [v.id, v.nodes.map((n) => n.target.join(" "))]));
}

/**
 * Goes to `address` inside the app (the router's own navigation, as a link would: no page load, axe stays in) and
 * waits for the new screen: its `ready` element, rendered after the navigation (elements of the screen before are
 * marked first), visible, and nothing under way in the router.
 */
async function openInApp(page: Page, address: string, ready: string) {
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

// One browser, one page: the age gate on arrival, then sign-in, then every other screen by the app's own navigation,
// signed in. About a minute alone on two cores.
it("breaks no WCAG 2 A or AA rule on any screen of the product", { timeout: 300_000 }, async () => {
  const ids = seeds(suite.gw.dataDir);
  const all = screens(ids);
  expect(Object.keys(all).sort()).toEqual(screenPaths(routes).sort());

  // A review is written after an unlock.
  const member = testClient(suite.gw.url, { token: (await testClient(suite.gw.url).send(accounts.loginByPassword, DEMO)).token });
  await member.send(dating.buy, { id: ids.dating });

  const page = await phonePage(suite.browser);
  await page.evaluateOnNewDocument(() => sessionStorage.setItem("___HOME_NOTICE__", "1"));
  const found: Record<string, string[]> = {};
  const check = async (address: string) => {
    for (const [rule, nodes] of Object.entries(await violations(page))) found[`${address} ${rule}`] = nodes;
  };

  // A first visit: the age gate, then the sign-in screen, as a visitor.
  await page.goto(`${suite.gw.url}/`);
  await page.waitForSelector(".age-gate", { visible: true });
  await page.addScriptTag({ path: AXE });
  await check("/");
  await page.evaluate(() => localStorage.setItem("___AGE_CONFIRMED__", "1"));
  await openInApp(page, "/login", "input[name=password]");
  await check("/login");
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname !== "/login");

  // Each screen's addresses in rounds (every screen's first, then the seconds…), and /my between two addresses of
  // one screen: its page would be kept and re-rendered rather than replaced.
  const visits = Object.entries(all).filter(([path]) => path !== "/" && path !== "/login");
  let last = "";
  for (let round = 0; visits.some(([, at]) => at[round]); round++) {
    for (const [path, at] of visits) {
      const visit = at[round];
      if (!visit) continue;
      const [query, ready] = visit;
      const address = path === "*" ? query : `${path}${query}`;
      if (path === last) await openInApp(page, "/my", ".my-stats");
      last = path;
      await openInApp(page, address, ready).catch(async (error: unknown) => {
        const shown = await page.evaluate(() => `${location.pathname}${location.search}: ${document.body.innerText.slice(0, 200)}`);
        throw new Error(`${address}: ${String(error)} (on ${shown})`);
      });
      await check(address);
    }
  }
  expect(found).toEqual({});
});
