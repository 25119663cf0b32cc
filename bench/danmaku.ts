// 200 bullet comments (弹幕) flying over a playing video on an emulated phone at 4× CPU (issue 36): frames over 50 ms
// and the average frame, against the same page with the video and no bullets (this machine's floor). The engine
// is the app's, bundled with esbuild into a page of the bench's own (tests/support/danmaku-page.ts): no app build.
import { KnownDevices, type Page } from "puppeteer";
import { openDanmakuPage, sampleBullets } from "../tests/support/danmaku-page.ts";
import { launch, LONG_FRAME_MS, phone } from "./phone.ts";

const line = (label: string, value: string, target = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   (${target})` : ""}`);
const BULLETS = 200;
// The video's seconds measured: the 200 bullets enter between 0.5 and 6.5 s of the 8 s clip.
const FROM = 0.5;
const TO = 7.5;

export interface FrameFigures {
  frames: number;
  averageMs: number;
  over50: number;
  longestMs: number;
  mostOnScreen: number;
  /** Pairs drawn over each other, summed over the frames looked at (every fifth). */
  overlaps: number;
  dropped: number;
}

/** Plays the page's video from the start and records every frame between `from` and `to` seconds of it. */
export async function recordFrames(page: Page, from = FROM, to = TO, longFrameMs = LONG_FRAME_MS): Promise<FrameFigures> {
  return page.evaluate(
    (a, b, long) =>
      new Promise<FrameFigures>((done) => {
        const video = document.querySelector("video")!;
        const engine = window.danmakuHarness.engine;
        const gaps: number[] = [];
        let most = 0;
        let overlaps = 0;
        let prev = 0;
        let dropped = 0;
        const step = (now: number) => {
          const t = video.currentTime;
          if (t >= a && prev) gaps.push(now - prev);
          prev = t >= a ? now : 0;
          // The engine's snapshot every fifth frame, so that checking costs the frames little.
          if (gaps.length % 5 === 0) {
            const s = engine?.snapshot();
            most = Math.max(most, s?.visible ?? 0);
            overlaps += s?.overlaps ?? 0;
            dropped = s?.dropped ?? 0;
          }
          if (t < b && !video.ended) requestAnimationFrame(step);
          else
            done({
              frames: gaps.length,
              averageMs: gaps.reduce((x, y) => x + y, 0) / Math.max(1, gaps.length),
              over50: gaps.filter((g) => g > long).length,
              longestMs: Math.max(0, ...gaps),
              mostOnScreen: most,
              overlaps,
              dropped,
            });
        };
        video.loop = false;
        video.currentTime = 0;
        void video.play();
        requestAnimationFrame(step);
      }),
    from,
    to,
    longFrameMs,
  );
}

async function run(device: "iPhone 13" | "iPhone 13 landscape", bullets: number): Promise<FrameFigures> {
  const browser = await launch();
  try {
    const page = await phone(browser);
    await page.emulate(KnownDevices[device]);
    await openDanmakuPage(page);
    await page.evaluate(
      (items, fullscreen) => {
        window.danmakuHarness.mountEngine(items, { show: true, density: 100, opacity: 90 });
        // Landscape is the fullscreen player: the video fills the screen.
        if (fullscreen) document.querySelector<HTMLElement>(".stage")!.style.cssText = "width:100vw;height:100vh";
        if (fullscreen) document.querySelector("video")!.style.cssText = "width:100%;height:100%;aspect-ratio:auto";
      },
      sampleBullets(bullets, 0.5, 6.5),
      device.endsWith("landscape"),
    );
    await page.waitForFunction(() => document.querySelector("video")!.readyState >= 3);
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    return await recordFrames(page);
  } finally {
    await browser.close();
  }
}

export async function benchDanmaku() {
  console.log(`\nBullet comments: ${BULLETS} bullets over ${TO - FROM} s of a playing video, emulated phone at 4× CPU (one canvas)`);
  for (const device of ["iPhone 13", "iPhone 13 landscape"] as const) {
    const where = device === "iPhone 13" ? "portrait, 390 × 219" : "fullscreen landscape, 844 × 390";
    const floor = await run(device, 0);
    const flying = await run(device, BULLETS);
    line(`${where}: frames over 50 ms`, `${flying.over50} of ${flying.frames}`, `the video alone: ${floor.over50} of ${floor.frames}; target: no more than it`);
    line(`${where}: average frame`, `${flying.averageMs.toFixed(1)} ms`, `the video alone: ${floor.averageMs.toFixed(1)} ms; longest ${flying.longestMs.toFixed(0)} against ${floor.longestMs.toFixed(0)} ms`);
    line(`${where}: most on screen at once`, String(flying.mostOnScreen), `${flying.dropped} of ${BULLETS} dropped (no free lane), overlaps ${flying.overlaps}`);
  }
}
