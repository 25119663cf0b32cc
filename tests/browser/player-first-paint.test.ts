import { describe, expect, it } from "vitest";
import { adultPhone, gatewayAndBrowser, imageWorkerRequests } from "../support/browser.ts";
import { startDelayProxy } from "../support/delay-proxy.ts";

// Decision 092: on a cold /player the poster is the largest content, and what starts before it paints shares the
// line and the main thread with it. The video's media, the bullets and the comments' avatars start after it.
const suite = gatewayAndBrowser();

/** Records, in the page's clock: when the <video> got its source, and the paints of the largest content. */
function recordFirstPaint() {
  const w = window as unknown as { __lcp: { tag: string; at: number }[]; __srcAt?: number };
  w.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) w.__lcp.push({ tag: e.element?.tagName ?? "", at: e.startTime });
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new MutationObserver((records) => {
    if (w.__srcAt === undefined && records.some((r) => r.target instanceof HTMLVideoElement && r.target.getAttribute("src"))) w.__srcAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["src"] });
}

describe("a cold /player", () => {
  it("starts the video's media, its bullets and the comments' avatars only after the poster has painted, then plays", async () => {
    const page = await adultPhone(suite.browser);
    await page.evaluateOnNewDocument(recordFirstPaint);
    try {
      await page.goto(`${suite.gw.url}/player?id=1`);
      // Autoplay (muted, the default setting) still starts by itself.
      await page.waitForFunction(() => ((document.querySelector("video[data-testid=video]") as HTMLVideoElement | null)?.currentTime ?? 0) > 0.2, { timeout: 30_000 });
      await page.waitForSelector(".comment-avatar img", { visible: true });
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __lcp: { tag: string; at: number }[]; __srcAt?: number };
        const epoch = (t: number) => performance.timeOrigin + t;
        const danmaku = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) => e.name.includes("/api/mvDanmu/list"));
        const poster = w.__lcp.find((e) => e.tag === "VIDEO");
        return {
          poster: poster ? epoch(poster.at) : undefined,
          src: w.__srcAt === undefined ? undefined : epoch(w.__srcAt),
          danmaku: danmaku ? epoch(danmaku.startTime) : undefined,
        };
      });
      expect(seen.poster, "the poster is the largest content painted").toBeDefined();
      expect(seen.src).toBeGreaterThan(seen.poster!);
      expect(seen.danmaku).toBeGreaterThan(seen.poster!);
      const avatars = (await imageWorkerRequests(page)).filter((r) => r.path.includes("avatar"));
      expect(avatars.length).toBeGreaterThan(0);
      for (const a of avatars) expect(a.startedAt, a.path).toBeGreaterThan(seen.poster!);
    } finally {
      await page.close();
    }
  });

  it("plays at a tap on 播放 while the poster has not come, with autoplay off", async () => {
    let letCoverGo = () => {};
    const cover = new Promise<void>((go) => (letCoverGo = go));
    const slow = await startDelayProxy(suite.gw.url, (path) => (path.startsWith("/media/enc/cover-") ? cover : 0));
    const page = await adultPhone(suite.browser);
    await page.evaluateOnNewDocument(() => localStorage.setItem("___PLAYER__", JSON.stringify({ autoplayMuted: false })));
    try {
      await page.goto(`${slow.url}/player?id=1`);
      await page.locator(".video-player button[aria-label=播放]").click();
      await page.waitForFunction(() => (document.querySelector("video[data-testid=video]") as HTMLVideoElement).currentTime > 0.2, { timeout: 30_000 });
      expect(await page.$eval("video[data-testid=video]", (v) => v.getAttribute("poster"))).toBeNull();
    } finally {
      letCoverGo();
      await page.close();
      await slow.close();
    }
  });
});
