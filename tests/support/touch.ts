import type { CDPSession, Page } from "puppeteer";

// Real touch input through the DevTools protocol: one or two fingers, moved in steps like a hand.

type Point = { x: number; y: number };
const sessions = new WeakMap<Page, CDPSession>();

async function session(page: Page): Promise<CDPSession> {
  let s = sessions.get(page);
  if (!s) {
    s = await page.createCDPSession();
    sessions.set(page, s);
  }
  return s;
}

async function touch(page: Page, type: "touchStart" | "touchMove" | "touchEnd", points: Point[]) {
  await (await session(page)).send("Input.dispatchTouchEvent", { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
}

const between = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

export async function swipe(page: Page, from: Point, to: Point, steps = 8) {
  await touch(page, "touchStart", [from]);
  for (let i = 1; i <= steps; i++) {
    await touch(page, "touchMove", [between(from, to, i / steps)]);
    await new Promise((r) => setTimeout(r, 16));
  }
  await touch(page, "touchEnd", []);
}

/**
 * Taps at `at`, `times` in a row, every event sent in one go: the page gets them back to back however busy the machine
 * is. A page with a blocking touch listener (antd-mobile's pull-to-refresh) holds the finger-up until its main thread
 * has handled the finger-down, and Chromium calls a touch held past its long-press time a long press, which ends in no
 * click: so the taps go once the page has just drawn a frame (its main thread free), as a person taps what is drawn.
 */
async function tapsAtOnce(page: Page, at: Point, times: number) {
  const s = await session(page);
  // (A page out of view draws no frames: its timer goes on after at most a second.)
  await page.evaluate(() => new Promise<void>((drawn) => (requestAnimationFrame(() => setTimeout(drawn, 0)), setTimeout(drawn, 1000))));
  const send = (type: "touchStart" | "touchEnd") => s.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ ...at, id: 0 }] });
  await Promise.all(Array.from({ length: times }, () => [send("touchStart"), send("touchEnd")]).flat());
}

/** A finger down and up. */
export const tap = (page: Page, at: Point) => tapsAtOnce(page, at, 1);

/** Two taps: a timer and four round trips between them could stretch past the app's double-tap window under load. */
export const doubleTap = (page: Page, at: Point) => tapsAtOnce(page, at, 2);

/**
 * Two fingers around `centre`, from `fromGap` to `toGap` pixels apart. With `hold`, the fingers stay down
 * at the end (call the returned release), so a test can look at the screen mid-gesture.
 */
export async function pinch(page: Page, centre: Point, fromGap: number, toGap: number, { hold = false, steps = 10 } = {}) {
  const fingers = (gap: number): Point[] => [
    { x: centre.x - gap / 2, y: centre.y },
    { x: centre.x + gap / 2, y: centre.y },
  ];
  await touch(page, "touchStart", fingers(fromGap));
  for (let i = 1; i <= steps; i++) {
    await touch(page, "touchMove", fingers(fromGap + ((toGap - fromGap) * i) / steps));
    await new Promise((r) => setTimeout(r, 16));
  }
  const release = () => touch(page, "touchEnd", []);
  if (!hold) await release();
  return release;
}

/** A finger put down at `at` and kept there: call the returned release to lift it (a long press). */
export async function press(page: Page, at: Point): Promise<() => Promise<void>> {
  await touch(page, "touchStart", [at]);
  return () => touch(page, "touchEnd", []);
}

/** One finger from `from` to `to` in steps, kept down at the end: call the returned release to lift it. */
export async function drag(page: Page, from: Point, to: Point, steps = 8): Promise<() => Promise<void>> {
  await touch(page, "touchStart", [from]);
  for (let i = 1; i <= steps; i++) {
    await touch(page, "touchMove", [between(from, to, i / steps)]);
    await new Promise((r) => setTimeout(r, 16));
  }
  return () => touch(page, "touchEnd", []);
}
