// The circle feed (/post) of 2 000 posts with pictures, scrolled to its end on an emulated phone. Prints figures only.
import Database from "better-sqlite3";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "puppeteer";
import { launch, LONG_FRAME_MS, phone, settle } from "./phone.ts";

const ROOT = resolve(import.meta.dirname, "..");
const CLIENT = join(ROOT, "build/client");
const TOTAL = 2000;
const line = (label: string, value: string, target = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   (${target})` : ""}`);

/**
 * Copies the seeded circle posts that have pictures, with their pictures, until the circle holds `total` visible
 * posts. The copies are older than the seed, so the feed shows the seed first.
 */
function growCircle(dataDir: string, total: number) {
  const db = new Database(join(dataDir, "gateway.sqlite"));
  try {
    const cols = (db.prepare("PRAGMA table_info(items)").all() as { name: string }[]).map((c) => c.name).filter((c) => c !== "id" && c !== "created_at");
    const withPictures = db.prepare("SELECT id FROM items WHERE kind = 'post' AND hidden = 0 AND id IN (SELECT item_id FROM item_images) ORDER BY id").pluck().all() as number[];
    const count = db.prepare("SELECT COUNT(*) FROM items WHERE kind = 'post' AND hidden = 0").pluck().get() as number;
    const oldest = db.prepare("SELECT MIN(created_at) FROM items WHERE kind = 'post'").pluck().get() as number;
    const copyItem = db.prepare(`INSERT INTO items (${cols.join(", ")}, created_at) SELECT ${cols.join(", ")}, ? FROM items WHERE id = ?`);
    const copyImages = db.prepare("INSERT INTO item_images (item_id, seq, seed, ratio, url) SELECT ?, seq, seed || '-' || ?, ratio, url FROM item_images WHERE item_id = ?");
    db.transaction(() => {
      for (let i = 0; i < total - count; i++) {
        const from = withPictures[i % withPictures.length]!;
        const id = Number(copyItem.run(oldest - (i + 1) * 60_000, from).lastInsertRowid);
        copyImages.run(id, i, from);
      }
    })();
    return { total: db.prepare("SELECT COUNT(*) FROM items WHERE kind = 'post' AND hidden = 0").pluck().get() as number, seeded: count };
  } finally {
    db.close();
  }
}

// A finger's swipe: 300 px up in five moves, let go (Chromium flings on), the next one 700 ms later, for 30 s.
const SWIPE = { distance: 300, steps: 5, everyMs: 700, seconds: 30 };

type ScrollStats = Awaited<ReturnType<typeof scrollToEnd>>;

function printFrames(stats: ScrollStats) {
  line("frame time p50 / p95 / worst", `${stats.p50.toFixed(1)} / ${stats.p95.toFixed(1)} / ${stats.worst.toFixed(0)} ms`);
  line("frames over 50 ms", `${stats.long} of ${stats.frames}`, "target 0");
}

/**
 * Opens /post in a fresh phone page and scrolls it to the end of the list, counting frames (rAF intervals) and the
 * list's nodes: `scripted` moves the page 400 px every frame from a script; `swipes` sends touch swipes through
 * touch events, which Chromium scrolls on its compositor with a fling after each, as under a finger.
 */
async function scrollToEnd(browser: Browser, url: string, mode: "scripted" | "swipes") {
  const page = await phone(browser);
  await page.goto(`${url}/post`, { waitUntil: "networkidle0" });
  await page.waitForSelector(".windowed-list .post-card");
  // The page's own start-up (its first covers) is not part of the scroll.
  await settle(browser);
  await page.evaluate((scripted) => {
    const w = window as unknown as { benchScroll: { frames: number[]; maxNodes: number; maxRows: number; pictures: number; running: boolean; t0: number } };
    const state = (w.benchScroll = { frames: [] as number[], maxNodes: 0, maxRows: 0, pictures: 0, running: true, t0: performance.now() });
    let last = performance.now();
    const tick = (t: number) => {
      state.frames.push(t - last);
      last = t;
      const ul = document.querySelector<HTMLElement>(".windowed-list");
      state.maxNodes = Math.max(state.maxNodes, ul?.querySelectorAll("*").length ?? 0);
      state.maxRows = Math.max(state.maxRows, ul?.children.length ?? 0);
      state.pictures = Math.max(state.pictures, ul?.querySelectorAll(".post-card-pictures .enc-image").length ?? 0);
      if (scripted) window.scrollBy(0, 400);
      if (state.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, mode === "scripted");
  const ended = () => page.evaluate(() => document.querySelector(".list-end")?.textContent?.includes("没有更多") ?? false);
  const t0 = Date.now();
  const limit = mode === "scripted" ? 300_000 : SWIPE.seconds * 1000;
  while (!(await ended()) && Date.now() - t0 < limit) {
    if (mode === "scripted") await new Promise((r) => setTimeout(r, 250));
    else {
      // DevTools' synthesized touch gestures do not scroll in headless Chromium; touch events do, with a fling.
      const from = 650;
      await page.touchscreen.touchStart(180, from);
      for (let i = 1; i <= SWIPE.steps; i++) await page.touchscreen.touchMove(180, from - (SWIPE.distance * i) / SWIPE.steps);
      await page.touchscreen.touchEnd();
      await new Promise((r) => setTimeout(r, SWIPE.everyMs));
    }
  }
  const stats = await page.evaluate((longFrame) => {
    const state = (window as unknown as { benchScroll: { frames: number[]; maxNodes: number; maxRows: number; pictures: number; running: boolean; t0: number } }).benchScroll;
    state.running = false;
    const frames = [...state.frames].sort((a, b) => a - b);
    const ul = document.querySelector<HTMLElement>(".windowed-list");
    const row = ul?.querySelector<HTMLElement>(".windowed-row");
    let loaded = 0;
    if (ul && row) {
      const s = getComputedStyle(ul);
      loaded = Math.round((parseFloat(s.paddingTop) + parseFloat(s.paddingBottom)) / row.offsetHeight) + ul.children.length;
    }
    return {
      loaded,
      ended: document.querySelector(".list-end")?.textContent?.includes("没有更多") ?? false,
      seconds: (performance.now() - state.t0) / 1000,
      maxNodes: state.maxNodes,
      maxRows: state.maxRows,
      pictures: state.pictures,
      p50: frames[Math.floor(frames.length * 0.5)] ?? 0,
      p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
      worst: frames[frames.length - 1] ?? 0,
      long: frames.filter((f) => f > longFrame).length,
      frames: frames.length,
    };
  }, LONG_FRAME_MS);
  await page.close();
  return stats;
}

export async function benchCircleFeed() {
  console.log(`\nCircle feed (/post) of ${TOTAL} posts with pictures, scrolled to the end on an emulated phone`);
  if (!existsSync(join(CLIENT, "index.html"))) {
    line("skipped", "run `npm run build` first");
    return;
  }
  const { startServer } = await import("#server/start.ts");
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-circle-"));
  // The first start creates and seeds the database; the posts are added with the gateway stopped.
  await (await startServer({ port: 0, host: "127.0.0.1", dataDir, clientDir: CLIENT, env: { LOG_LEVEL: "silent" } })).close();
  const grown = growCircle(dataDir, TOTAL);
  const server = await startServer({ port: 0, host: "127.0.0.1", dataDir, clientDir: CLIENT, env: { LOG_LEVEL: "silent" } });
  const browser = await launch();
  try {
    const scripted = await scrollToEnd(browser, server.url, "scripted");
    line("posts in the circle", String(grown.total), `${grown.seeded} seeded, the rest copies of those with pictures`);
    line("posts reached", String(scripted.loaded), `${scripted.ended ? "end of list" : "NOT the end"}, ${scripted.seconds.toFixed(1)} s of scrolling`);
    line("most DOM nodes in the list at once", String(scripted.maxNodes), `target < 300; ${scripted.maxRows} rows, ${scripted.pictures} pictures`);
    console.log("  scripted: window.scrollBy(0, 400) every frame from the page (24 000 px/s, main thread)");
    printFrames(scripted);
    const swiped = await scrollToEnd(browser, server.url, "swipes");
    console.log(`  swipes: a finger's swipe of ${SWIPE.distance} px every ${SWIPE.everyMs} ms with its fling, for ${SWIPE.seconds} s (the compositor scrolls)`);
    line("posts reached", String(swiped.loaded), `${swiped.ended ? "end of list, " : ""}${swiped.seconds.toFixed(1)} s of swiping`);
    printFrames(swiped);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
