// `npm run bench -- screens` (issue 37): every tab and detail screen cold, as Lighthouse 12's mobile defaults see it
// (simulated slow 4G, 4× CPU, empty caches, the age gate answered, HTTP/1.1 as `npm start` serves), medians of
// RUNS runs beside this machine's floor; then the INP of the taps the issue names, at 4× CPU. Prints figures only.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer";
import { clickText } from "../tests/support/browser.ts";
import { line, withBuiltApp } from "./built-app.ts";
import { floorClient, lighthouseCold, type ColdRun } from "./lighthouse.ts";
import { firstLoadFiles, gzip9Bytes, readManifest } from "../tests/support/build-manifest.ts";
import { phone } from "./phone.ts";

const RUNS = Number(process.env.SCREEN_RUNS) || 3;
/** `SCREENS=/home,/player` measures only the screens whose path starts with one of these (and skips the taps). */
const ONLY = process.env.SCREENS?.split(",").filter(Boolean);

/** The screens of issue 37, with the seed's ids (the first item of each kind). */
function screensOf(dataDir: string): string[] {
  const db = new Database(join(dataDir, "gateway.sqlite"), { readonly: true });
  const first = (sql: string) => Number((db.prepare(sql).pluck().get() as number | undefined) ?? 1);
  try {
    const novel = first("SELECT id FROM items WHERE kind = 'novel' AND hidden = 0 ORDER BY id");
    const chapter = first(`SELECT id FROM item_units WHERE item_id = ${novel} ORDER BY seq`);
    return [
      "/home",
      "/scandalous",
      "/resource",
      "/dark_web",
      "/post",
      "/my",
      "/player?id=1",
      `/scandalous/detail?id=${first("SELECT id FROM items WHERE kind = 'news' AND hidden = 0 ORDER BY id")}`,
      `/post/detail?id=${first("SELECT id FROM items WHERE kind = 'post' AND hidden = 0 ORDER BY id")}`,
      "/dating",
      `/dating/detail?id=${first("SELECT item_id FROM dating_listings WHERE hidden = 0 ORDER BY item_id")}`,
      `/cartoon/cartoon-detail?id=${first("SELECT id FROM items WHERE kind = 'comic' AND hidden = 0 ORDER BY id")}`,
      `/novel/detail?id=${novel}`,
      `/novel/reader?id=${novel}&chapter=${chapter}`,
      `/audio/detail?id=${first("SELECT id FROM items WHERE kind = 'audio' AND hidden = 0 ORDER BY id")}`,
      `/picture/detail?id=${first("SELECT id FROM items WHERE kind = 'picture' AND hidden = 0 ORDER BY id")}`,
      `/game/detail?id=${first("SELECT id FROM items WHERE kind = 'game' AND hidden = 0 ORDER BY id")}`,
      `/home/creator?uid=${first("SELECT id FROM users WHERE is_creator = 1 ORDER BY id")}`,
      `/search/result?kw=${encodeURIComponent("示例")}`,
    ];
  } finally {
    db.close();
  }
}

/**
 * What a direct visit to the screen at `url` (a path, its query ignored) loads before it can render, JS + CSS, gzip -9
 * bytes (issue 37's first load; the figure tests/browser/first-loads.test.ts holds). Null without a build or such a route.
 */
function firstLoadBytes(url: string): number | null {
  const manifest = readManifest();
  const files = manifest && firstLoadFiles(manifest, url.replace(/^\//, "").replace(/\?.*$/, ""));
  return files ? files.reduce((sum, f) => sum + gzip9Bytes(f), 0) : null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summary(runs: ColdRun[], firstLoad: number | null) {
  return {
    firstLoadKb: firstLoad === null ? null : firstLoad / 1024,
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    kib: median(runs.map((r) => r.jsCssBytes)) / 1024,
    fcpRuns: runs.map((r) => (r.fcp / 1000).toFixed(2)).join("/"),
    element: runs.at(-1)!.lcpElement,
  };
}

function printTable(rows: { screen: string; s: ReturnType<typeof summary> }[]) {
  // First load: what the screen needs before it can render (the target's measure); sent: every script and
  // stylesheet of the run, what comes after the first screen too.
  const head = ["screen", "score", "FCP", "LCP", "TBT", "CLS", "first load KB", "sent KiB", "FCP runs", "LCP element"];
  const cells = rows.map(({ screen, s }) => {
    const miss = (ok: boolean, text: string) => (ok ? text : `${text}!`);
    return [
      screen,
      miss(s.score >= 98, String(s.score)),
      miss(s.fcp <= 1200, `${(s.fcp / 1000).toFixed(2)} s`),
      miss(s.lcp <= (screen === "/home" ? 1800 : 2000), `${(s.lcp / 1000).toFixed(2)} s`),
      miss(s.tbt <= 50, `${s.tbt.toFixed(0)} ms`),
      miss(s.cls === 0, s.cls.toFixed(3)),
      s.firstLoadKb === null ? "-" : miss(s.firstLoadKb <= 150, s.firstLoadKb.toFixed(1)),
      s.kib.toFixed(0),
      s.fcpRuns,
      s.element.slice(0, 48),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => [...c[i]!].length)));
  for (const r of [head, ...cells]) console.log(`  ${r.map((c, i) => c.padEnd(widths[i]!)).join("  ")}`);
  console.log("  targets: score ≥ 98, FCP ≤ 1.2 s, LCP ≤ 2.0 s (/home ≤ 1.8 s), TBT ≤ 50 ms, CLS 0, first-load JS + CSS ≤ 150 KB (gzip -9); `!` marks a miss");
}

/** The slowest event of the interaction a tap starts (its INP), read from the Event Timing API. */
async function inpOf(page: Page, act: () => Promise<void>, done: () => Promise<unknown>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __inp: number; __inpObserver?: PerformanceObserver };
    w.__inp = 0;
    w.__inpObserver?.disconnect();
    w.__inpObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) if (e.interactionId) w.__inp = Math.max(w.__inp, e.duration);
    });
    w.__inpObserver.observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  await act();
  await done();
  // Event entries are queued after the next paint.
  await new Promise((r) => setTimeout(r, 500));
  return page.evaluate(() => (window as unknown as { __inp: number }).__inp);
}

const click = (page: Page, selector: string) => page.locator(selector).click();
const shown = (page: Page, selector: string) => page.waitForFunction((s) => [...document.querySelectorAll(s)].some((e) => (e as HTMLElement).checkVisibility()), { timeout: 30_000 }, selector);

export async function interactions(browser: Browser, url: string, novelReader: string) {
  console.log("\nTaps at 4× CPU slowdown (INP: the slowest event of the tap's interaction; Event Timing counts ≥ 16 ms)");
  const page = await phone(browser);
  await page.goto(`${url}/login?redirect=%2Fhome`);
  await page.locator('input[name="phone"]').fill("13800000000");
  await page.locator('input[name="password"]').fill("demo123456");
  await click(page, 'form:has(input[name="password"]) button[type="submit"]');
  await page.waitForFunction(() => location.pathname === "/home");
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const figures: [string, string][] = [];
  /** One tap: `setup` brings the screen it starts on; a tap that fails is reported and the next one goes on. */
  const measure = async (label: string, setup: () => Promise<unknown>, act: () => Promise<void>, done: () => Promise<unknown>) => {
    try {
      await setup();
      const inp = await inpOf(page, act, done);
      figures.push([label, inp ? `${inp.toFixed(0)} ms` : "< 16 ms"]);
    } catch (error) {
      figures.push([label, `failed: ${(error as Error).message.split("\n")[0]!.slice(0, 50)}`]);
    }
  };
  const visit = async (path: string, ready: string) => {
    await page.goto(`${url}${path}`);
    await shown(page, ready);
  };
  await measure(
    "tab switch (首页 → 我的)",
    () => visit("/home", ".video-card"),
    () => clickText(page, "我的", "nav//a"),
    () => page.waitForFunction(() => location.pathname === "/my"),
  );
  await measure(
    "open a video from the feed",
    () => visit("/home", ".video-card"),
    () => click(page, ".video-card"),
    () => page.waitForFunction(() => location.pathname === "/player"),
  );
  await measure(
    "like (player)",
    () => visit("/player?id=1", ".player-actions .item-action[aria-busy]"),
    () => click(page, ".player-actions .item-action[aria-busy]"),
    () => page.waitForFunction(() => document.querySelector(".player-actions .item-action[aria-busy]")?.getAttribute("aria-busy") === "false"),
  );
  await measure(
    "open the comment sheet (a creator's headline)",
    () => visit("/home/creator?uid=3&tab=headline", ".headline h3 button"),
    () => click(page, ".headline h3 button"),
    () => shown(page, ".headline-sheet"),
  );
  await measure(
    "turn a novel page",
    () => visit(novelReader, "[data-testid=reader]"),
    async () => {
      const b = (await (await page.$("[data-testid=reader]"))!.boundingBox())!;
      await page.touchscreen.tap(b.x + b.width * 0.85, b.y + b.height / 2);
    },
    () => page.waitForFunction(() => document.querySelector<HTMLElement>("[data-testid=reader]")?.dataset.page !== "1"),
  );
  for (const [label, figure] of figures) line(label, figure, "target ≤ 200 ms");
  await page.browserContext().close();
}

export async function benchScreens() {
  console.log(`\nEvery screen cold: Lighthouse 12 mobile defaults, empty caches, HTTP/1.1, medians of ${RUNS}`);
  await withBuiltApp(async ({ url, dataDir, browser }) => {
    const { startServer } = await import("#server/start.ts");
    const floorDir = mkdtempSync(join(tmpdir(), "gw-bench-floor-"));
    const floor = await startServer({ port: 0, host: "127.0.0.1", dataDir: join(floorDir, "data"), clientDir: floorClient(floorDir), env: { LOG_LEVEL: "silent" } });
    try {
      const all = screensOf(dataDir);
      const screens = ONLY ? all.filter((s) => ONLY.some((o) => s === o || s.startsWith(`${o}?`))) : all;
      const rows: { screen: string; s: ReturnType<typeof summary> }[] = [];
      const runOne = async (base: string, screen: string) => {
        const runs: ColdRun[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await lighthouseCold(browser, `${base}${screen}`));
        return summary(runs, base === url ? firstLoadBytes(screen) : null);
      };
      rows.push({ screen: "machine floor (/home, no scripts)", s: await runOne(floor.url, "/home") });
      for (const screen of screens) rows.push({ screen, s: await runOne(url, screen) });
      printTable(rows);
      if (!ONLY) await interactions(browser, url, all.find((s) => s.startsWith("/novel/reader"))!);
    } finally {
      await floor.close();
      rmSync(floorDir, { recursive: true, force: true });
    }
  });
}
