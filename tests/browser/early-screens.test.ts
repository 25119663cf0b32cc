import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { adultPhone, gatewayAndBrowser, findText, imageWorkerRequests, phonePage } from "../support/browser.ts";
import { circle, dating, news } from "#gateway/api/index.ts";
import { callsOf, testClient } from "../support/gateway.ts";
import { startDelayProxy } from "../support/delay-proxy.ts";

// Decision 088: a shared link's screen starts its first calls and its largest image from the starter, before
// React DOM, React Router and the route's module have downloaded; the route's loader takes them. Every screen's page
// asks for its route's modules with the starter (decision 089): React DOM, held back below as on a slow line, is
// what the calls must not wait for.
const suite = gatewayAndBrowser();

type Seen = { kind: "call"; calls: string[] } | { kind: "react-dom in" };

/** Every /api/ request (with the calls a batch carries), and React DOM's arrival, in the order they happened. */
function watch(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith("/api/")) seen.push({ kind: "call", calls: callsOf(path, req.postData()) });
  });
  page.on("requestfinished", (req) => {
    if (/^\/assets\/react-dom-/.test(new URL(req.url()).pathname)) seen.push({ kind: "react-dom in" });
  });
  return seen;
}

const inAppNavigate = (page: Page, to: string) =>
  page.evaluate((t) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(t), to);

/** Where in `seen` the call `path` was first sent, and where React DOM came in. */
function order(seen: Seen[], path: string) {
  return {
    call: seen.findIndex((s) => s.kind === "call" && s.calls.includes(path)),
    reactDom: seen.findIndex((s) => s.kind === "react-dom in"),
  };
}

/** Waits for a visible `selector` (screens left behind stay in the page, hidden). */
const visible = (page: Page, selector: string) =>
  page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((e) => e.checkVisibility()), {}, selector);

const callCount = (seen: Seen[], path: string) => seen.flatMap((s) => (s.kind === "call" ? s.calls : [])).filter((c) => c === path).length;

describe("a shared link's first screen", () => {
  it("sends /player's first calls and fetches the video's cover before React DOM is in, once each", async () => {
    const page = await adultPhone(suite.browser);
    // React DOM held up as on a slow line: what the starter does happens while it downloads.
    const slow = await startDelayProxy(suite.gw.url, (path) => (/^\/assets\/react-dom-/.test(path) ? 1500 : 0));
    try {
      const seen = watch(page);
      await page.goto(`${slow.url}/player?id=1`);
      await page.waitForSelector(".player-title", { visible: true });
      const { call, reactDom } = order(seen, "/api/MvDetail/detail");
      expect(call).toBeGreaterThanOrEqual(0);
      expect(reactDom).toBeGreaterThan(call);
      // The loader took the early answer: each call once.
      for (const path of ["/api/MvDetail/detail", "/api/MvDetail/related"]) expect(callCount(seen, path), path).toBe(1);
      // The cover started (in the page worker) before React DOM was in.
      const reactDomAt = await page.evaluate(() => {
        const entry = performance.getEntriesByType("resource").find((e) => /\/assets\/react-dom-/.test(new URL(e.name).pathname)) as PerformanceResourceTiming | undefined;
        return entry ? performance.timeOrigin + entry.responseEnd : undefined;
      });
      const media = await imageWorkerRequests(page);
      expect(reactDomAt).toBeDefined();
      expect(media.length).toBeGreaterThan(0);
      expect(Math.min(...media.map((m) => m.startedAt))).toBeLessThan(reactDomAt!);
    } finally {
      await page.close();
      await slow.close();
    }
  });

  const ids = { article: 0, post: 0, listing: 0 };
  const screens = (): [string, string, string][] => [
    ["/scandalous", "routes/scandalous", "/api/contents/list_contents"],
    ["/post", "routes/post", "/api/home/getConfig"],
    ["/my", "routes/my", "/api/user/userinfo"],
    ["/resource", "routes/resource", "/api/home/getConfig"],
    [`/scandalous/detail?id=${ids.article}`, "routes/scandalous/detail", "/api/contents/detail_content"],
    [`/post/detail?id=${ids.post}`, "routes/post/detail", "/api/find/detail"],
    ["/dating", "routes/dating/index", "/api/girl/list_filter"],
    [`/dating/detail?id=${ids.listing}`, "routes/dating/detail", "/api/girl/detail"],
    ["/cartoon/cartoon-detail?id=30001", "routes/cartoon/cartoon-detail", "/api/book/list_episode"],
    ["/novel/detail?id=31001", "routes/novel/detail", "/api/novel/detail"],
    ["/audio/detail?id=33001", "routes/audio/detail", "/api/audio/detail"],
    ["/picture/detail?id=32001", "routes/picture/detail", "/api/picture/detail"],
    ["/game/detail?id=34001", "routes/game/detail", "/api/porngame/detail"],
    ["/home/creator?uid=2", "routes/home/creator", "/api/user/getOtherCenterPage"],
    ["/search/result?kw=a", "routes/search/result", "/api/MvSearch/search"],
  ];

  it("sends every other screen's first call before React DOM is in, and shows the screen", async () => {
    const client = testClient(suite.gw.url);
    ids.article = (await client.send(news.list, { limit: 1 })).list[0]!.id;
    ids.post = (await client.send(circle.list, { limit: 1 })).list[0]!.id;
    ids.listing = (await client.send(dating.listFilter, { limit: 1 })).list[0]!.id;
    const page = await adultPhone(suite.browser);
    // Every load cold, with React DOM held up as on a slow line.
    await page.setCacheEnabled(false);
    const slow = await startDelayProxy(suite.gw.url, (path) => (/^\/assets\/react-dom-/.test(path) ? 1500 : 0));
    for (const [link, , path] of screens()) {
      const seen = watch(page);
      await page.goto(`${slow.url}${link}`, { waitUntil: "networkidle0" });
      const { call, reactDom } = order(seen, path);
      expect(call, link).toBeGreaterThanOrEqual(0);
      expect(reactDom, link).toBeGreaterThan(call);
      expect(callCount(seen, path), link).toBe(1);
      expect(await page.$$eval(".adm-error-block", (all) => all.filter((e) => e.checkVisibility()).length), link).toBe(0);
      page.removeAllListeners("request");
    }
    await page.close();
    await slow.close();
  });

  it("shows the same error screens as an in-app visit: a bad id, an id that does not exist", async () => {
    const page = await adultPhone(suite.browser);
    const shown = () => page.$$eval(".adm-error-block", (all) =>
        all.filter((e) => e.checkVisibility()).map((e) => (e.querySelector(".adm-error-block-description") as HTMLElement).innerText),
      );
    for (const link of ["/player?id=abc", "/player?id=999999", "/scandalous/detail?id=0", "/picture/detail?id=999999", "/novel/detail?id=999999"]) {
      await page.goto(`${suite.gw.url}${link}`);
      await visible(page, ".adm-error-block");
      const direct = await shown();
      expect(direct, link).toHaveLength(1);
      // The same address reached in-app: no early data there.
      await inAppNavigate(page, "/my");
      await page.waitForFunction(() => location.pathname === "/my" && ![...document.querySelectorAll(".adm-error-block")].some((e) => e.checkVisibility()));
      await inAppNavigate(page, link);
      await visible(page, ".adm-error-block");
      expect(await shown(), link).toEqual(direct);
    }
    await findText(page, "返回首页");
    await page.close();
  });

  it("takes the early data for the first document only: an in-app visit to the same address asks again", async () => {
    const page = await adultPhone(suite.browser);
    const seen = watch(page);
    await page.goto(`${suite.gw.url}/player?id=1`);
    await page.waitForSelector(".player-title", { visible: true });
    expect(callCount(seen, "/api/MvDetail/detail")).toBe(1);
    await inAppNavigate(page, "/my");
    await page.waitForFunction(() => location.pathname === "/my");
    await inAppNavigate(page, "/player?id=1");
    await visible(page, ".player-title");
    expect(callCount(seen, "/api/MvDetail/detail")).toBe(2);
    await page.close();
  });

  it("fetches nothing for a visitor who has not confirmed their age", async () => {
    const page = await phonePage(suite.browser);
    const fetched: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/api/") || path.startsWith("/media/")) fetched.push(path);
    });
    for (const [link] of screens()) {
      await page.goto(`${suite.gw.url}${link}`, { waitUntil: "networkidle0" });
      await findText(page, "年满 18 周岁确认");
    }
    expect(fetched).toEqual([]);
    await page.close();
  });
});
