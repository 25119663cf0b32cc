// The player (issue 36): time from a tap on a video card to the video's first frame on /player, cold (nothing
// cached) and warm (the same video again), and seek latency (setting the time to the next frame drawn there), for an
// MP4 and an HLS video through hls.js. On an emulated phone; prints figures only.
import type { Page } from "puppeteer";
import { line, withBuiltApp } from "./built-app.ts";
import { phone, settle } from "./phone.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Taps a link to `/player?id=…` put on the current screen and waits for the video's first frame: ms from the tap. */
async function tapToFirstFrame(page: Page, id: number): Promise<number> {
  await page.evaluate((id) => {
    const a = document.createElement("a");
    a.href = `/player?id=${id}`;
    a.id = "bench-link";
    a.textContent = "bench";
    a.style.cssText = "position:fixed;top:40%;left:10px;z-index:9999;padding:20px;background:#fff";
    document.body.append(a);
    const w = window as unknown as { benchFrame?: Promise<number>; benchTap?: number };
    delete w.benchTap;
    // The first frame drawn by the player shown (a player kept alive behind /my is hidden until then).
    w.benchFrame = new Promise<number>((done) => {
      const look = () => {
        const v = [...document.querySelectorAll("video")].find((x) => x.checkVisibility());
        if (v) v.requestVideoFrameCallback(() => done(performance.now()));
        else requestAnimationFrame(look);
      };
      look();
    });
    a.addEventListener("pointerdown", () => (w.benchTap = performance.now()), { once: true });
    // What a <Link> does on a tap: the router navigates, the document stays.
    a.addEventListener("click", (e) => {
      e.preventDefault();
      void (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(a.getAttribute("href")!);
    });
  }, id);
  await (await page.$("#bench-link"))!.tap();
  return page.evaluate(async () => {
    const w = window as unknown as { benchFrame: Promise<number>; benchTap: number };
    const frame = await w.benchFrame;
    document.getElementById("bench-link")?.remove();
    return frame - w.benchTap;
  });
}

/** Median ms from setting `currentTime` to the frame drawn there, over a few seeks across the video. */
async function seekLatency(page: Page): Promise<number> {
  const times = await page.evaluate(async () => {
    const v = [...document.querySelectorAll("video")].find((x) => x.checkVisibility())!;
    while (!Number.isFinite(v.duration)) await new Promise((r) => setTimeout(r, 50));
    const out: number[] = [];
    for (const share of [0.7, 0.2, 0.9, 0.4, 0.6]) {
      const t0 = performance.now();
      const drawn = new Promise<number>((r) => v.requestVideoFrameCallback((now) => r(now)));
      v.currentTime = v.duration * share;
      out.push((await drawn) - t0);
      await new Promise((r) => setTimeout(r, 300));
    }
    return out;
  });
  return median(times);
}

export async function benchPlayer() {
  console.log("\nPlayer: tap to first frame and seek latency, emulated phone (no CPU throttling: video decoding is not the page's)");
  await withBuiltApp(async ({ url, browser, row }) => {
    // A free video of each kind: HLS is played through hls.js on Chromium.
    const free = (kind: string) => row<{ id: number }>("SELECT id FROM items WHERE kind = 'video' AND media LIKE ? AND coins = 0 AND vip_free = 0 AND hidden = 0 ORDER BY id LIMIT 1", `${kind}:%`).id;
    const videos = [["MP4", free("mp4")], ["HLS", free("hls")]] as const;
    for (const [label, id] of videos) {
      const cold: number[] = [];
      const warm: number[] = [];
      const seeks: number[] = [];
      for (let round = 0; round < 3; round++) {
        // A new browser context each round: nothing cached.
        const page = await phone(browser);
        await page.goto(`${url}/my`, { waitUntil: "networkidle0" });
        await settle(browser);
        cold.push(await tapToFirstFrame(page, id));
        seeks.push(await seekLatency(page));
        await page.goBack();
        await page.waitForFunction(() => location.pathname === "/my");
        warm.push(await tapToFirstFrame(page, id));
        await page.browserContext().close();
      }
      line(`${label}: tap to first frame, cold (median of 3)`, `${median(cold).toFixed(0)} ms`, cold.map((x) => x.toFixed(0)).join(", "));
      line(`${label}: tap to first frame, warm (median of 3)`, `${median(warm).toFixed(0)} ms`, warm.map((x) => x.toFixed(0)).join(", "));
      line(`${label}: seek to the frame drawn (median)`, `${median(seeks).toFixed(0)} ms`, seeks.map((x) => x.toFixed(0)).join(", "));
    }
  }, ["--autoplay-policy=no-user-gesture-required"]);
}
