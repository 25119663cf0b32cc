// The bullet engine (弹幕) on a real canvas over a real <video>, on an emulated phone: bundled with esbuild from the
// app's modules (tests/support/danmaku-page.ts), so no build of the app is needed. Waits on frames, not on time.
import type { Browser, Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { laneHeight } from "#app/components/video/danmaku/layout.ts";
import { launchBrowser, phonePage } from "../support/browser.ts";
import { openDanmakuPage, sampleBullets } from "../support/danmaku-page.ts";

let browser: Browser;
beforeAll(async () => {
  // The full browser: a page is hidden when another comes to the front there, not in the headless shell.
  browser = await launchBrowser(["--autoplay-policy=no-user-gesture-required"], { full: true });
});
afterAll(async () => {
  await browser?.close();
});

async function enginePage(bullets = sampleBullets(200, 1, 5), settings = { show: true, density: 100, opacity: 100 }): Promise<Page> {
  const page = await phonePage(browser);
  await openDanmakuPage(page);
  await page.evaluate((b, s) => void window.danmakuHarness.mountEngine(b, s), bullets, settings);
  return page;
}

const snapshot = (page: Page) => page.evaluate(() => window.danmakuHarness.engine!.snapshot());
const play = (page: Page) => page.evaluate(() => document.querySelector("video")!.play());
/** Waits for `n` more frames of the page (rAF), however long they take. */
const frames = (page: Page, n: number) =>
  page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : done());
        step(count);
      }),
    n,
  );
const inked = (page: Page, from?: number, to?: number) =>
  page.evaluate((a, b) => window.danmakuHarness.inked(document.querySelector("canvas")!, a, b), from, to);

describe("the bullet engine on a canvas", () => {
  it("draws bullets in the lanes at the top while the video plays, and only there", async () => {
    const page = await enginePage(sampleBullets(200, 1, 5), { show: true, density: 25, opacity: 100 });
    await play(page);
    await page.waitForFunction(() => window.danmakuHarness.engine!.snapshot().visible > 0);
    const s = await snapshot(page);
    expect(s.running).toBe(true);
    expect(s.lanes).toBeGreaterThan(0);
    const band = s.lanes * laneHeight(s.fontSize);
    // The first bullet in has only come a few pixels past the right edge: its words are drawn as it moves on.
    await page.waitForFunction((b) => window.danmakuHarness.inked(document.querySelector("canvas")!, 0, b) > 100, { timeout: 10_000 }, band);
    expect(await inked(page, 0, band)).toBeGreaterThan(100);
    // A quarter of the height: nothing below the lanes.
    expect(await inked(page, band)).toBe(0);
    // The canvas is sized in device pixels (iPhone 13: 3×, capped at 2×), and lets taps through to the video.
    const box = await page.$eval("canvas", (c) => ({ w: c.width, cw: c.clientWidth, events: getComputedStyle(c).pointerEvents, hidden: c.getAttribute("aria-hidden") }));
    expect(box).toEqual({ w: box.cw * 2, cw: 390, events: "none", hidden: "true" });
  });

  it("never draws two bullets over each other, and drops what the lanes cannot take", async () => {
    const page = await enginePage();
    await play(page);
    // Every frame until the last bullet's time has passed, the engine's own rectangles checked.
    const seen = await page.evaluate(
      () =>
        new Promise<{ most: number; overlaps: number; lanes: number; dropped: number; placed: number; frames: number; widest: number }>((done) => {
          const engine = window.danmakuHarness.engine!;
          const r = { most: 0, overlaps: 0, lanes: 0, dropped: 0, placed: 0, frames: 0, widest: 0 };
          const step = () => {
            const s = engine.snapshot();
            r.most = Math.max(r.most, s.visible);
            r.overlaps += s.overlaps;
            Object.assign(r, { lanes: s.lanes, dropped: s.dropped, placed: s.placed });
            r.frames++;
            if (document.querySelector("video")!.currentTime > 5.5) done(r);
            else requestAnimationFrame(step);
          };
          step();
        }),
    );
    expect(seen.frames).toBeGreaterThan(10);
    expect(seen.overlaps).toBe(0);
    expect(seen.most).toBeGreaterThan(seen.lanes);
    // No bullet is narrower than 28 px and a lane keeps 12 px between two: at most one in 40 px of a lane's width.
    expect(seen.most).toBeLessThanOrEqual(seen.lanes * (Math.floor(390 / 40) + 1));
    expect(seen.dropped).toBeGreaterThan(0);
    expect(seen.placed + seen.dropped).toBeLessThanOrEqual(200);
  });

  it("stops its frame loop while paused, keeps the bullets where they were, and starts again on play", async () => {
    const page = await enginePage();
    await play(page);
    await page.waitForFunction(() => window.danmakuHarness.engine!.snapshot().visible > 3);
    await page.evaluate(() => document.querySelector("video")!.pause());
    await page.waitForFunction(() => !window.danmakuHarness.engine!.snapshot().running);
    const paused = await snapshot(page);
    const ink = await inked(page);
    await frames(page, 20);
    const later = await snapshot(page);
    expect(later.frames).toBe(paused.frames);
    expect(later.visible).toBe(paused.visible);
    expect(await inked(page)).toBe(ink);
    await play(page);
    await page.waitForFunction((n) => window.danmakuHarness.engine!.snapshot().frames > n + 5, {}, paused.frames);
  });

  it("stops its frame loop while the page is hidden, though the video plays on", async () => {
    const page = await enginePage();
    // With sound: Chromium pauses a muted video in a hidden page itself, which would prove nothing here.
    await page.evaluate(() => {
      const v = document.querySelector("video")!;
      v.muted = false;
      return v.play();
    });
    await page.waitForFunction(() => window.danmakuHarness.engine!.snapshot().running);
    const other = await page.browserContext().newPage();
    await other.bringToFront();
    // A hidden page runs no animation frames: poll by timer.
    await page.waitForFunction(() => document.hidden && !window.danmakuHarness.engine!.snapshot().running, { polling: 100 });
    expect(await page.evaluate(() => document.querySelector("video")!.paused)).toBe(false);
    await page.bringToFront();
    await page.waitForFunction(() => !document.hidden && window.danmakuHarness.engine!.snapshot().running, { polling: 100 });
  });

  it("draws the member's own bullet in a box", async () => {
    const page = await phonePage(browser);
    await openDanmakuPage(page);
    // The same words at the same time on two stages, the second the member's own; both paused 2 s in.
    await page.evaluate(async () => {
      const h = window.danmakuHarness;
      for (const own of [0, 1]) h.mountEngine([{ id: 1, time: 1, content: "前方高能", color: "#ffffff", own }], { show: true, density: 100, opacity: 100 });
      await Promise.all(
        [...document.querySelectorAll("video")].map(
          (v) => new Promise((done) => {
            v.addEventListener("seeked", done, { once: true });
            v.currentTime = 2;
          }),
        ),
      );
    });
    await page.waitForFunction(() => window.danmakuHarness.engines.every((e) => e.snapshot().visible === 1));
    const [plain, own] = await page.evaluate(() => [...document.querySelectorAll("canvas")].map((c) => window.danmakuHarness.inked(c)));
    expect(plain).toBeGreaterThan(100);
    // The box's outline: at 2× over a lane of 23 px and a bullet of some 80 px, several hundred pixels more.
    expect(own! - plain!).toBeGreaterThan(300);
  });

  it("clears on a seek and lays out again from the new time", async () => {
    const page = await enginePage();
    await play(page);
    await page.waitForFunction(() => window.danmakuHarness.engine!.snapshot().visible > 3);
    await page.evaluate(() => document.querySelector("video")!.pause());
    // Back before the first bullet (1 s): nothing is in flight there.
    await page.evaluate(() => new Promise((done) => {
      const v = document.querySelector("video")!;
      v.addEventListener("seeked", done, { once: true });
      v.currentTime = 0.2;
    }));
    await page.waitForFunction(() => window.danmakuHarness.engine!.snapshot().time < 0.5);
    expect((await snapshot(page)).visible).toBe(0);
    expect(await inked(page)).toBe(0);
    // Forward into the bullets: those in flight at 3 s are there at once, mid-way, before any frame of play.
    await page.evaluate(() => new Promise((done) => {
      const v = document.querySelector("video")!;
      v.addEventListener("seeked", done, { once: true });
      v.currentTime = 3;
    }));
    await page.waitForFunction(() => window.danmakuHarness.engine!.snapshot().visible > 3);
    expect((await snapshot(page)).overlaps).toBe(0);
  });

  it("shows through by its opacity setting, takes fewer lanes at a lower density, and draws nothing when turned off", async () => {
    const page = await enginePage();
    await page.evaluate(() => window.danmakuHarness.engine!.setSettings({ show: true, density: 100, opacity: 50 }));
    await play(page);
    await page.waitForFunction(() => window.danmakuHarness.engine!.snapshot().visible > 3);
    expect(await page.$eval("canvas", (c) => getComputedStyle(c).opacity)).toBe("0.5");
    expect(await inked(page)).toBeGreaterThan(100);
    // A lower density lays out again on fewer lanes.
    const lanes = (await snapshot(page)).lanes;
    await page.evaluate(() => window.danmakuHarness.engine!.setSettings({ show: true, density: 25, opacity: 50 }));
    expect((await snapshot(page)).lanes).toBe(Math.floor(lanes / 4));
    await page.evaluate(() => window.danmakuHarness.engine!.setSettings({ show: false, density: 100, opacity: 50 }));
    await frames(page, 5);
    expect(await inked(page)).toBe(0);
    const s = await snapshot(page);
    expect([s.running, s.visible]).toEqual([false, 0]);
  });
});

describe("the component, its settings and its send box", () => {
  it("hides the bullets by 弹幕开关 (kept on the device), and sends only what may be sent", async () => {
    const page = await phonePage(browser);
    await openDanmakuPage(page);
    await page.evaluate((b) => window.danmakuHarness.mountComponent(b), sampleBullets(200, 1, 5));
    await page.waitForSelector("video");
    await play(page);
    await page.waitForFunction(() => window.danmakuHarness.inked(document.querySelector("canvas")!) > 100);
    // The switch, by keyboard.
    const toggle = await page.waitForSelector("button[role=switch][aria-checked=true]");
    expect(await toggle!.evaluate((b) => document.getElementById(b.getAttribute("aria-labelledby")!)!.textContent)).toBe("弹幕开关");
    await toggle!.focus();
    await page.keyboard.press("Enter");
    await page.waitForSelector("button[role=switch][aria-checked=false]");
    await frames(page, 5);
    expect(await inked(page)).toBe(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("___DANMAKU__")!).show)).toBe(false);
    // 弹幕密度 and 不透明度 are labelled controls.
    expect(await page.$eval("input[type=range]", (i) => (i as HTMLInputElement).labels![0]!.textContent)).toBe("不透明度");
    await page.locator("button::-p-text(密集)").click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("___DANMAKU__")!).density)).toBe(100);

    // The send box: blank cannot be sent; a refusal says why; a sent bullet clears the box.
    const input = (await page.waitForSelector("input[aria-label=弹幕输入框]"))!;
    const send = "form[aria-label=发送弹幕] button[type=submit]";
    const retype = async (text: string) => {
      await input.evaluate((i) => (i.focus(), i.select()));
      await page.keyboard.type(text);
    };
    await retype("   ");
    expect(await page.$eval(send, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await retype("拒绝");
    expect(await page.$eval(send, (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    await page.click(send);
    expect(await (await page.waitForSelector("[role=alert]"))!.evaluate((e) => e.textContent)).toBe("内容包含敏感词");
    expect(await input.evaluate((i) => i.getAttribute("aria-invalid"))).toBe("true");
    await retype("前方高能");
    expect(await page.$("[role=alert]")).toBeNull();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>("input[aria-label=弹幕输入框]")!.value === "");
    expect(await page.evaluate(() => window.danmakuHarness.sent)).toEqual(["前方高能"]);
    expect(await page.$eval("input[aria-label=弹幕输入框]", (i) => (i as HTMLInputElement).maxLength)).toBe(50);
  });
});
