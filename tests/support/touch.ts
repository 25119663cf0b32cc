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
 * A finger down and up, sent in one go: two round trips apart, a busy machine could hold the finger down past
 * Chromium's long-press time, and a long press ends in no click (the banner test's flake under load).
 */
export async function tap(page: Page, at: Point) {
  const s = await session(page);
  await Promise.all([
    s.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ ...at, id: 0 }] }),
    s.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
  ]);
}

/**
 * Two taps sent in one go: the page gets them back to back, however busy the machine is (a timer and four
 * round trips between them could stretch past the app's double-tap window under load).
 */
export async function doubleTap(page: Page, at: Point) {
  const s = await session(page);
  const send = (type: "touchStart" | "touchEnd") => s.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ ...at, id: 0 }] });
  await Promise.all([send("touchStart"), send("touchEnd"), send("touchStart"), send("touchEnd")]);
}

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
