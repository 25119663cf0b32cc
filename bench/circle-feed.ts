// The circle feed (/post) of 2 000 posts with pictures, scrolled to its end on an emulated phone. Prints figures only.
import Database from "better-sqlite3";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import http from "node:http";
import type { Browser, Page } from "puppeteer";
import { placeholderPng } from "#server/media/placeholder-png.ts";
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
  // What the page's main thread did in those frames: scripts, style and layout (the browser's own account).
  if (stats.long) line("main-thread work in a long frame, at most", `${stats.mainThreadMs.toFixed(0)} ms`, "scripts + style, layout, paint: long-animation-frame entries");
}

/** One swipe as a finger makes it, then a pause while the fling runs out. */
async function swipe(page: Page) {
  // DevTools' synthesized touch gestures do not scroll in headless Chromium; touch events do, with a fling.
  const from = 650;
  await page.touchscreen.touchStart(180, from);
  for (let i = 1; i <= SWIPE.steps; i++) await page.touchscreen.touchMove(180, from - (SWIPE.distance * i) / SWIPE.steps);
  await page.touchscreen.touchEnd();
  await new Promise((r) => setTimeout(r, SWIPE.everyMs));
}

/**
 * Counts frames (rAF intervals) from now on, and for each long animation frame over 50 ms the time the page's main
 * thread spent in it (scripts, then style, layout and paint): a long frame with little of it waited on the rest
 * of the browser (raster, compositing, the machine), not on the page.
 */
function countFrames(page: Page, scripted: boolean, list?: string) {
  return page.evaluate(
    (scroll, listSelector) => {
      const w = window as unknown as { benchFrames: FrameState };
      const state: FrameState = (w.benchFrames = { frames: [], mainThread: [], running: true, t0: performance.now(), maxNodes: 0, maxRows: 0, pictures: 0 });
      let last = performance.now();
      const tick = (t: number) => {
        state.frames.push(t - last);
        last = t;
        const ul = listSelector ? document.querySelector<HTMLElement>(listSelector) : null;
        if (ul) {
          state.maxNodes = Math.max(state.maxNodes, ul.querySelectorAll("*").length);
          state.maxRows = Math.max(state.maxRows, ul.children.length);
          state.pictures = Math.max(state.pictures, ul.querySelectorAll(".post-card-pictures .enc-image").length);
        }
        if (scroll) window.scrollBy(0, 400);
        if (state.running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      type Loaf = PerformanceEntry & { renderStart: number; scripts: { duration: number }[] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Loaf[]) {
          const rendering = e.renderStart ? e.startTime + e.duration - e.renderStart : 0;
          state.mainThread.push(e.scripts.reduce((sum, s) => sum + s.duration, 0) + rendering);
        }
      }).observe({ type: "long-animation-frame" });
    },
    scripted,
    list ?? "",
  );
}

interface FrameState {
  frames: number[];
  mainThread: number[];
  running: boolean;
  t0: number;
  maxNodes: number;
  maxRows: number;
  pictures: number;
}

function frameStats(page: Page) {
  return page.evaluate((longFrame) => {
    const state = (window as unknown as { benchFrames: FrameState }).benchFrames;
    state.running = false;
    const frames = [...state.frames].sort((a, b) => a - b);
    return {
      seconds: (performance.now() - state.t0) / 1000,
      maxNodes: state.maxNodes,
      maxRows: state.maxRows,
      pictures: state.pictures,
      p50: frames[Math.floor(frames.length * 0.5)] ?? 0,
      p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
      worst: frames[frames.length - 1] ?? 0,
      long: frames.filter((f) => f > longFrame).length,
      frames: frames.length,
      mainThreadMs: Math.max(0, ...state.mainThread),
    };
  }, LONG_FRAME_MS);
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
  await countFrames(page, mode === "scripted", ".windowed-list");
  const ended = () => page.evaluate(() => document.querySelector(".list-end")?.textContent?.includes("没有更多") ?? false);
  const t0 = Date.now();
  const limit = mode === "scripted" ? 300_000 : SWIPE.seconds * 1000;
  while (!(await ended()) && Date.now() - t0 < limit) {
    if (mode === "scripted") await new Promise((r) => setTimeout(r, 250));
    else await swipe(page);
  }
  const frames = await frameStats(page);
  const list = await page.evaluate(() => {
    const ul = document.querySelector<HTMLElement>(".windowed-list");
    const row = ul?.querySelector<HTMLElement>(".windowed-row");
    let loaded = 0;
    if (ul && row) {
      const s = getComputedStyle(ul);
      loaded = Math.round((parseFloat(s.paddingTop) + parseFloat(s.paddingBottom)) / row.offsetHeight) + ul.children.length;
    }
    return { loaded, ended: document.querySelector(".list-end")?.textContent?.includes("没有更多") ?? false };
  });
  const stats = { ...frames, ...list };
  await page.close();
  return stats;
}

const FLOOR_ROWS = 700;

/** A static page of post-like rows (avatar, name, text, three pictures, counts): no script, no windowing. */
function floorPage(): string {
  const row = (i: number) =>
    `<li><div class="card"><div class="head"><span class="avatar"></span><b>用户${i}</b><small>3小时前</small></div>` +
    `<p>示例帖子 ${i} · 一段占位的文字，和圈子里帖子的摘要一样长，在卡片上显示两行左右</p>` +
    `<div class="pictures">${[0, 1, 2].map((k) => `<img loading="lazy" decoding="async" src="/floor/${i}-${k}.png" width="83" height="83" alt="">`).join("")}</div>` +
    `<div class="counts">赞 12 · 评论 3</div></div></li>`;
  const css =
    "body{margin:0;background:#121212;color:#eee;font:14px sans-serif}ul{list-style:none;margin:0;padding:0 10px}li{padding:6px 0}" +
    ".card{height:220px;box-sizing:border-box;padding:10px;border-radius:10px;background:#1e1e1e;overflow:hidden;display:flex;flex-direction:column;gap:5px}" +
    ".head{display:flex;gap:8px;align-items:center;height:32px}.avatar{width:32px;height:32px;border-radius:50%;background:#555}" +
    ".pictures{display:grid;grid-template-columns:repeat(3,83px);gap:5px}.pictures img{border-radius:5px;background:#333}p{margin:0;height:40px;overflow:hidden}";
  return `<!doctype html><html lang="zh-CN"><head><meta name="viewport" content="width=device-width, initial-scale=1"><style>${css}</style></head><body><ul>${Array.from({ length: FLOOR_ROWS }, (_, i) => row(i)).join("")}</ul></body></html>`;
}

/**
 * This machine's floor for the swipes: the same swipes on a static page of rows like the feed's, with pictures of
 * the same kind (the gateway's placeholder PNGs, each its own), and no script at all. Its long frames are the
 * browser's and the machine's; the feed's figure reads against them.
 */
async function swipeFloor(browser: Browser) {
  const html = floorPage();
  const server = http.createServer((req, res) => {
    const picture = /^\/floor\/([\w-]+)\.png$/.exec(req.url ?? "");
    if (picture) {
      res.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" });
      res.end(placeholderPng(picture[1]!, 240, 240));
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const page = await phone(browser);
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`, { waitUntil: "networkidle0" });
    await settle(browser);
    await countFrames(page, false);
    const t0 = Date.now();
    while (Date.now() - t0 < SWIPE.seconds * 1000) await swipe(page);
    return await frameStats(page);
  } finally {
    await page.close();
    server.close();
  }
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
    const floor = await swipeFloor(browser);
    console.log(`  machine floor: the same swipes for ${SWIPE.seconds} s on a static page of ${FLOOR_ROWS} such rows with pictures, no script`);
    line("frame time p50 / p95 / worst", `${floor.p50.toFixed(1)} / ${floor.p95.toFixed(1)} / ${floor.worst.toFixed(0)} ms`);
    line("frames over 50 ms", `${floor.long} of ${floor.frames}`, "no target: what this machine costs");
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
