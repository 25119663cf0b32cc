import { expect, it } from "vitest";
import { adultPhone, gatewayAndBrowser } from "../support/browser.ts";
import { startDelayProxy } from "../support/delay-proxy.ts";
import { returningMember } from "../support/journey.ts";

// Every screen is a prerendered page of its own that paints the screen's frame with the CSS it needs inline, and
// starts its scripts after that paint (decision 089).

const suite = gatewayAndBrowser();

/** Screens of issue 37 with what their frame says, and a selector of their loaded content. */
const SCREENS = [
  { path: "/my", title: "我的", tab: true, content: ".my-header" },
  { path: "/post", title: "圈子", tab: true, content: ".circle-card, .post-card, .paged-list > li" },
  { path: "/player?id=1", title: "视频", tab: false, content: ".player-title" },
  { path: "/novel/detail?id=31001", title: "小说", tab: false, content: ".page-nav" },
  { path: "/search/result?kw=%E7%A4%BA%E4%BE%8B", title: "搜索", tab: false, content: ".page-nav, .adm-search-bar" },
];

it("answers each screen with its own page: its frame, its CSS inline, no script found by the parser", async () => {
  for (const { path, title, tab } of SCREENS) {
    const res = await fetch(`${suite.gw.url}${path}`);
    const html = await res.text();
    expect(res.status, path).toBe(200);
    expect(html, path).toContain(`<header class="frame-bar${tab ? " frame-bar-tab" : ""}">`);
    expect(html, path).toMatch(new RegExp(`${title}</header>`));
    expect(html, path).toContain('aria-busy="true"');
    expect(html, path).not.toContain('class="boot"');
    // The stylesheets are inline; their links stay for React to hydrate against, disabled (never fetched).
    expect(html, path).toMatch(/<style>:root\{/);
    for (const [link] of html.matchAll(/<link rel="stylesheet"[^>]*>/g)) expect(link, path).toMatch(/ disabled\/>$/);
    expect(html, path).not.toMatch(/<link rel="modulepreload"|<script type="module"|<script [^>]*src=/);
    // Its own inline code is what its policy allows, and no other page's.
    const policy = res.headers.get("content-security-policy")!;
    expect(policy.match(/'sha256-/g)!.length, path).toBeLessThanOrEqual(html.match(/<(script|style)\b(?![^>]*\bsrc=)/g)!.length);
  }
  // Calls, media and the app's files carry no policy (a page's is kilobytes); the page worker's script has one.
  const config = await fetch(`${suite.gw.url}/api/home/getConfig`, { method: "POST" });
  expect(config.headers.get("content-security-policy")).toBeNull();
  const home = await (await fetch(`${suite.gw.url}/home`)).text();
  const worker = /"(\/assets\/page-worker-[\w-]+\.js)"/.exec(home)![1]!;
  const asScript = await fetch(`${suite.gw.url}${worker}`, { headers: { "sec-fetch-dest": "script" } });
  expect(asScript.headers.get("content-security-policy")).toBeNull();
  const asWorker = await fetch(`${suite.gw.url}${worker}`, { headers: { "sec-fetch-dest": "worker" } });
  expect(asWorker.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
});

it("paints the screen's frame first, then hydrates it into the screen, fetching none of the page's stylesheets", async () => {
  for (const { path, title, content } of SCREENS) {
    const page = await adultPhone(suite.browser);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => {
      if (m.type() === "error" && /hydrat|#418|#423|#425/i.test(m.text())) errors.push(m.text());
      // Nor any warning: the browser's own about the page's markup (a deprecated meta) included.
      if (m.type() === "warn") errors.push(m.text());
    });
    const stylesheets: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "stylesheet") stylesheets.push(new URL(r.url()).pathname);
    });
    // The frame as parsed, before any script of the page ran.
    await page.setJavaScriptEnabled(false);
    await page.goto(`${suite.gw.url}${path}`);
    expect(await page.$eval(".frame-bar", (e) => e.textContent), path).toBe(title);
    expect(await page.$eval(".frame-bar", (e) => getComputedStyle(e).height), path).toBe("45px");
    await page.setJavaScriptEnabled(true);
    await page.goto(`${suite.gw.url}${path}`);
    await page.waitForSelector(content, { visible: true });
    expect(await page.$(".frame-skeleton"), path).toBeNull();
    expect(errors, path).toEqual([]);
    const links = await page.$$eval("head link[rel=stylesheet][disabled]", (ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(links.length, path).toBeGreaterThan(0);
    for (const link of links) expect(stylesheets, path).not.toContain(link);
    await page.browserContext().close();
  }
});

it("gives a returning visitor the screen's own page from the service worker", { timeout: 120_000 }, async () => {
  const { page } = await returningMember(suite.gw, suite.browser);
  const response = await page.goto(`${suite.gw.url}/player?id=1`);
  expect(response!.fromServiceWorker()).toBe(true);
  const html = await response!.text();
  expect(html).toContain('<header class="frame-bar"><span class="frame-back" aria-hidden="true"></span>视频</header>');
  await page.waitForSelector(".player-title", { visible: true });
  // A screen without a page of its own (none: every screen has one) and "/" still get the app's fallback.
  const root = await page.goto(`${suite.gw.url}/`);
  expect(root!.fromServiceWorker()).toBe(true);
  expect(await root!.text()).toContain('class="boot"');
});

it("shows a video section's first banner in its frame before React has rendered the section", async () => {
  const page = await adultPhone(suite.browser);
  // React DOM held back until the banner is in the frame: what a slow phone sees while React evaluates. Held by a
  // proxy, not DevTools interception, which at times leaves the page worker's image request paused for good.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const slow = await startDelayProxy(suite.gw.url, (path) => (/^\/assets\/react-dom-[\w-]+\.js$/.test(path) ? held : 0));
  try {
    await page.goto(`${slow.url}/home`, { waitUntil: "domcontentloaded" });
    const painted = await page.waitForFunction(() => document.querySelector<HTMLElement>("[data-early=banner]")?.style.backgroundImage || null);
    expect(await painted.jsonValue()).toMatch(/^url\("blob:/);
    expect(await page.$(".banner img")).toBeNull();
    release();
    // Then React's section takes the frame's place, with the same picture.
    await page.waitForSelector(".banner img[src^='blob:']", { visible: true });
    expect(await page.$("[data-early]")).toBeNull();
  } finally {
    release();
    await slow.close();
  }
});
