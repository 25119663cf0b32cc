import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { answerDialog, gatewayAndBrowser, tapText } from "../support/browser.ts";
import { returningMember } from "../support/journey.ts";

// Every screen of the product is reached by following links (`<a href>`) from the tab bar, as a screen reader,
// a long press or "open in new tab" sees them (issue 33, decision 059).

/**
 * The screen paths of app/routes.ts, less the routes that are not screens reached by a link:
 * - `/`: the splash and age gate, where a first visit to any address lands (early-start.ts) and a share link
 *   (`/?aff=`) points; a member past it never sees a link to it;
 * - `*`: the not-found page;
 * - `actions/*`: action routes (a clientAction and no screen);
 * - the `moved-*` routes: old addresses that only redirect to their screens under /my.
 */
function screenPaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((r) => {
    const children = r.children ? screenPaths(r.children) : [];
    if (r.index || r.path === undefined || r.path === "*" || r.path.startsWith("actions/") || r.id?.startsWith("moved-")) return children;
    return [`/${r.path}`, ...children];
  });
}

/** Screens of one path that differ only by ids are one shape: `/player?id=#`. Other values (`kind=audio`) tell shapes apart. */
function shapeOf(url: URL): string {
  const params = [...url.searchParams].map(([k, v]) => `${k}=${/^\d+$/.test(v) ? "#" : v}`).sort();
  return `${url.pathname}?${params.join("&")}`;
}

const MAX_VISITS = 220;
const MAX_VISITS_PER_PATH = 8;
/** A gateway call settled this long ago and none since: the screen has drawn what its calls brought. */
const QUIET_MS = 250;

/** Counts the page's gateway calls and when the last one settled, and when elements last came or went. */
function watchCalls() {
  const w = window as unknown as { __calls: number; __settledAt: number; __changedAt: number };
  w.__calls = 0;
  w.__settledAt = performance.now();
  w.__changedAt = performance.now();
  new MutationObserver(() => void (w.__changedAt = performance.now())).observe(document, { subtree: true, childList: true });
  const own = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    // Gateway calls only: a player's video segments stream on.
    const input = args[0];
    if (!new URL(input instanceof Request ? input.url : String(input), location.href).pathname.startsWith("/api/")) return own(...args);
    w.__calls++;
    try {
      const res = await own(...args);
      // The body is read by the caller; the copy tells when it has arrived.
      await res
        .clone()
        .arrayBuffer()
        .catch(() => undefined);
      return res;
    } finally {
      w.__calls--;
      w.__settledAt = performance.now();
    }
  };
}

type Router = { navigate(to: string): Promise<void>; state: { navigation: { state: string }; revalidation: string; location: { pathname: string } } };

/**
 * Opens `href` in the app as its link does (React Router's navigation, the way a `<Link>` goes), then waits
 * until the router is idle and no gateway call has been under way for a moment: the screen has drawn what its
 * calls brought. Returns the path it ended on (a screen may redirect) and the links it shows.
 */
async function follow(page: Page, href: string): Promise<{ at: string; links: string[] }> {
  // The prerendered document draws the tab bar's links before the app has started (a busy machine met it).
  await page.waitForFunction(() => (window as unknown as { __reactRouterDataRouter?: Router }).__reactRouterDataRouter !== undefined, { timeout: 20_000 });
  await page.evaluate((to) => void (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter.navigate(to), href);
  await page.waitForFunction(
    (quiet) => {
      const w = window as unknown as { __calls: number; __settledAt: number; __changedAt: number; __reactRouterDataRouter: Router };
      const { navigation, revalidation } = w.__reactRouterDataRouter.state;
      const now = performance.now();
      return navigation.state === "idle" && revalidation === "idle" && w.__calls === 0 && now - w.__settledAt > quiet && now - w.__changedAt > quiet;
    },
    { polling: 50, timeout: 20_000 },
    QUIET_MS,
  );
  return { at: await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter.state.location.pathname), links: await linksOnScreen(page) };
}

/** What a person sees: the screens kept alive in history are in the document, hidden. */
const linksOnScreen = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].filter((a) => a.checkVisibility()).map((a) => a.href));

const suite = gatewayAndBrowser();

describe("every screen by links", () => {
  it("reaches every screen of app/routes.ts from the tab bar by following links only", { timeout: 240_000 }, async () => {
    const screens = screenPaths(routes);
    expect(screens.length).toBeGreaterThan(60);
    const { page } = await returningMember(suite.gw, suite.browser, { coins: 500 });
    await page.evaluateOnNewDocument(watchCalls);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null && location.pathname === "/home");
    const origin = new URL(suite.gw.url).origin;
    const isScreen = (u: URL) => u.origin === origin && screens.includes(u.pathname);

    await page.waitForFunction(() => document.querySelectorAll("nav.tab-bar a[href]").length > 0);
    const tabs = await page.$$eval("nav.tab-bar a[href]", (as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(tabs).toHaveLength(6);
    const queue: { url: URL; depth: number; from: string }[] = tabs.map((href) => ({ url: new URL(href), depth: 0, from: "tab bar" }));
    const queued = new Set(queue.map((q) => shapeOf(q.url)));
    const visitsOfPath = new Map<string, number>();
    const reachedBy = new Map<string, string>();

    const enqueue = (links: string[], depth: number, from: string) => {
      for (const href of links) {
        const next = new URL(href);
        next.hash = "";
        if (!isScreen(next) || queued.has(shapeOf(next))) continue;
        queued.add(shapeOf(next));
        queue.push({ url: next, depth: depth + 1, from });
      }
    };
    let onScreen: { depth: number; from: string } | undefined;
    let visits = 0;
    // Until every screen a member sees is reached (/login, a visitor's, comes after).
    while (queue.length && visits < MAX_VISITS && screens.some((s) => s !== "/login" && !reachedBy.has(s))) {
      // Screens not seen yet first, then the least visited paths, nearest the tab bar first.
      let best = 0;
      const rank = (q: (typeof queue)[number]) => [visitsOfPath.get(q.url.pathname) ?? 0, q.depth];
      for (let i = 1; i < queue.length; i++) {
        const [a, b] = [rank(queue[i]!), rank(queue[best]!)];
        if (a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!)) best = i;
      }
      const { url, depth, from } = queue.splice(best, 1)[0]!;
      const seen = visitsOfPath.get(url.pathname) ?? 0;
      if (seen >= MAX_VISITS_PER_PATH) continue;
      visitsOfPath.set(url.pathname, seen + 1);
      visits++;

      // The screen being left once more: a link drawn late (a loaded machine) is found all the same.
      if (onScreen) enqueue(await linksOnScreen(page), onScreen.depth, onScreen.from);
      const { at, links } = await follow(page, url.pathname + url.search).catch((e: unknown) => {
        throw new Error(`${url.href} did not settle (visit ${visits}): ${String(e)}`);
      });
      if (process.env.CRAWL_LOG) console.log(visits, url.pathname + url.search);
      if (at === url.pathname && !reachedBy.has(at)) reachedBy.set(at, `${from} → ${url.pathname}${url.search}`);
      onScreen = { depth, from: `${url.pathname}${url.search}` };
      enqueue(links, depth, onScreen.from);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    }

    // /login sends a member on to where they were going: it is a screen for a visitor, who is one 退出登录 away.
    if (!reachedBy.has("/login")) {
      await follow(page, "/my/setting");
      await tapText(page, "退出登录", "button");
      await answerDialog(page, "退出");
      await page.waitForFunction(() => location.pathname === "/home");
      const { links } = await follow(page, tabs.map((t) => new URL(t)).find((t) => t.pathname === "/my")!.pathname);
      const login = links.map((l) => new URL(l)).find((l) => l.pathname === "/login");
      if (login) {
        const { at } = await follow(page, login.pathname + login.search);
        if (at === "/login") reachedBy.set(at, `/my, signed out → ${login.pathname}${login.search}`);
      }
    }

    const missing = screens.filter((s) => !reachedBy.has(s));
    expect(missing, `reached in ${visits} visits: ${[...reachedBy].map(([s, how]) => `${s} (${how})`).join(", ")}`).toEqual([]);
  });
});
