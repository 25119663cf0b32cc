// The circle feed (/post) of 2 000 posts with pictures, scrolled to its end on an emulated phone. Prints figures only.
import Database from "better-sqlite3";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { launch, phone, settle } from "./phone.ts";

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
    const page = await phone(browser);
    await page.goto(`${server.url}/post`, { waitUntil: "networkidle0" });
    await page.waitForSelector(".windowed-list .post-card");
    // The page's own start-up (its first covers) is not part of the scroll.
    await settle(browser);
    const stats = await page.evaluate(async () => {
      const frames: number[] = [];
      let maxNodes = 0;
      let maxRows = 0;
      let pictures = 0;
      let last = performance.now();
      let running = true;
      const tick = (t: number) => {
        frames.push(t - last);
        last = t;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const t0 = performance.now();
      const list = () => document.querySelector<HTMLElement>(".windowed-list");
      const loaded = () => {
        const ul = list();
        const row = ul?.querySelector<HTMLElement>(".windowed-row");
        if (!ul || !row) return 0;
        const s = getComputedStyle(ul);
        return Math.round((parseFloat(s.paddingTop) + parseFloat(s.paddingBottom)) / row.offsetHeight) + ul.children.length;
      };
      const ended = () => document.querySelector(".list-end")?.textContent?.includes("没有更多") ?? false;
      while (!ended() && performance.now() - t0 < 300_000) {
        window.scrollBy(0, 400);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const ul = list();
        maxNodes = Math.max(maxNodes, ul?.querySelectorAll("*").length ?? 0);
        maxRows = Math.max(maxRows, ul?.children.length ?? 0);
        pictures = Math.max(pictures, ul?.querySelectorAll(".post-card-pictures .enc-image").length ?? 0);
      }
      running = false;
      frames.sort((a, b) => a - b);
      return {
        loaded: loaded(),
        ended: ended(),
        seconds: (performance.now() - t0) / 1000,
        maxNodes,
        maxRows,
        pictures,
        p50: frames[Math.floor(frames.length * 0.5)] ?? 0,
        p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
        worst: frames[frames.length - 1] ?? 0,
        long: frames.filter((f) => f > 50).length,
        frames: frames.length,
      };
    });
    line("posts in the circle", String(grown.total), `${grown.seeded} seeded, the rest copies of those with pictures`);
    line("posts reached", String(stats.loaded), `${stats.ended ? "end of list" : "NOT the end"}, ${stats.seconds.toFixed(1)} s of scrolling`);
    line("most DOM nodes in the list at once", String(stats.maxNodes), `target < 300; ${stats.maxRows} rows, ${stats.pictures} pictures`);
    line("frame time p50 / p95 / worst", `${stats.p50.toFixed(1)} / ${stats.p95.toFixed(1)} / ${stats.worst.toFixed(0)} ms`);
    line("frames over 50 ms", `${stats.long} of ${stats.frames}`, "target 0");
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
