import { describe, expect, it } from "vitest";
import { bulletWidth, cachedMeasure, collide, createLayout, laneCount, laneHeight, layoutAll, overlapsAt, placeSoonest, xAt, type Bullet, type LayoutOptions, type Placed } from "./layout.ts";

// A phone's video area, 16:9 at 390 px wide.
const stage: LayoutOptions = { width: 390, height: 219, fontSize: 18, share: 1, duration: 8 };
// CJK glyphs are about one em wide; Latin letters and digits about half.
const measure = (text: string, fontSize: number) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0xff ? fontSize : fontSize / 2), 0);

/** mulberry32: a small seeded PRNG, so a failing case can be run again. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every instant at which a bullet enters or leaves: overlap, if any, shows at one of them (motion is linear). */
function overlapsAnywhere(placed: Placed[], o: LayoutOptions): number {
  const instants = placed.flatMap(({ bullet }) => [bullet.time, bullet.time + o.duration, bullet.time + o.duration / 2]);
  return instants.reduce((sum, t) => sum + overlapsAt(placed, t, o), 0);
}

describe("lanes", () => {
  it("are rows of the font's height over the share of the height in use", () => {
    expect(laneHeight(18)).toBe(23);
    expect(laneCount(stage)).toBe(9); // 219 / 23
    expect(laneCount({ ...stage, share: 0.5 })).toBe(4);
    expect(laneCount({ ...stage, share: 0.25 })).toBe(2);
    expect(laneCount({ ...stage, share: 0.05 })).toBe(1);
    expect(laneCount({ ...stage, height: 10 })).toBe(0);
  });

  it("fill from the top: bullets entering together take lanes 0, 1, 2…", () => {
    const bullets = [0, 1, 2].map((): Bullet => ({ time: 1, width: 100 }));
    expect(layoutAll(bullets, stage).placed.map((p) => p.lane)).toEqual([0, 1, 2]);
  });

  it("take a lane again once the bullet ahead has moved clear of the right edge", () => {
    const first = { time: 0, width: 100 };
    // At (W + w) / D = 61.25 px/s the tail is 12 px clear of the right edge after (100 + 12) / 61.25 = 1.83 s.
    const soon = { time: 1.5, width: 100 };
    const later = { time: 2, width: 100 };
    expect(collide(first, soon, stage)).toBe(true);
    expect(collide(first, later, stage)).toBe(false);
    expect(layoutAll([first, soon, later], stage).placed.map((p) => p.lane)).toEqual([0, 1, 0]);
  });

  it("keep a long, fast bullet from catching a short, slow one ahead", () => {
    const short = { time: 0, width: 40 }; // 53.75 px/s
    const long = { time: 1.5, width: 380 }; // 96.25 px/s: clear of it at first, on it before it leaves
    expect(xAt(long, 1.5, stage) - (xAt(short, 1.5, stage) + short.width)).toBeGreaterThan(12);
    expect(collide(short, long, stage)).toBe(true);
    expect(layoutAll([short, long], stage).placed.map((p) => p.lane)).toEqual([0, 1]);
    // Later it is safe: the short one has left before the long one reaches the left edge.
    expect(collide(short, { ...long, time: 4 }, stage)).toBe(true); // its head 5 px from the left edge as the short one leaves
    expect(collide(short, { ...long, time: 4.2 }, stage)).toBe(false);
  });

  it("measure text through the measure they are given (no DOM): wider text, wider bullet, own ones boxed", () => {
    let calls = 0;
    const counted = cachedMeasure((text, size) => (calls++, measure(text, size)));
    expect(bulletWidth("弹幕", 18, counted)).toBe(36 + 2);
    expect(bulletWidth("弹幕", 18, counted, true)).toBe(36 + 2 + 8);
    expect(bulletWidth("ok", 18, counted)).toBe(18 + 2);
    expect(calls).toBe(2);
  });
});

describe("no overlap", () => {
  for (const seed of [1, 2, 3, 42, 2026]) {
    it(`holds for 2 000 random bullets at random times, widths and densities (seed ${seed})`, () => {
      const random = prng(seed);
      const o: LayoutOptions = { ...stage, share: [0.25, 0.5, 1][Math.floor(random() * 3)]!, duration: 4 + random() * 8 };
      const texts = ["哈哈哈", "前方高能", "awsl", "这里好看", "233333", "第一次看到这个，太厉害了吧", "？", "名场面打卡"];
      const bullets = Array.from({ length: 2000 }, (_, i) => ({
        id: i,
        // Bursts: a few seconds with many at once, then quiet.
        time: random() < 0.5 ? random() * 120 : 30 + random() * 3,
        width: bulletWidth(texts[Math.floor(random() * texts.length)]!, o.fontSize, measure, random() < 0.05),
      }));
      const { placed, dropped, lanes } = layoutAll(bullets, o);
      expect(placed.length + dropped).toBe(bullets.length);
      expect(placed.length).toBeGreaterThan(0);
      expect(new Set(placed.map((p) => p.lane)).size).toBeLessThanOrEqual(lanes);
      for (const p of placed) expect(p.lane).toBeLessThan(lanes);
      expect(overlapsAnywhere(placed, o)).toBe(0);
    });
  }

  it("holds when bullets come out of order (a window loaded late, the member's own sent now)", () => {
    const random = prng(7);
    const layout = createLayout(stage);
    const placed: Placed[] = [];
    for (let i = 0; i < 500; i++) {
      const bullet = { time: 10 + random() * 6, width: 40 + random() * 200 };
      const lane = layout.place(bullet);
      if (lane >= 0) placed.push({ bullet, lane });
    }
    expect(overlapsAnywhere(placed, stage)).toBe(0);
  });

  it("the checker itself finds two bullets drawn over each other", () => {
    const a = { time: 0, width: 100 };
    const b = { time: 0.5, width: 100 };
    expect(overlapsAt([{ bullet: a, lane: 0 }, { bullet: b, lane: 0 }], 0.6, stage)).toBe(1);
    expect(overlapsAt([{ bullet: a, lane: 0 }, { bullet: b, lane: 1 }], 0.6, stage)).toBe(0);
  });
});

describe("a full stage", () => {
  it("drops what no lane can take, and counts it", () => {
    const burst = Array.from({ length: 200 }, () => ({ time: 5, width: 120 }));
    const { placed, dropped, lanes } = layoutAll(burst, stage);
    expect(placed.length).toBe(lanes);
    expect(dropped).toBe(200 - lanes);
  });

  it("takes bullets again once lanes free up", () => {
    const layout = createLayout(stage);
    for (let i = 0; i < 9; i++) expect(layout.place({ time: 5, width: 120 })).toBe(i);
    expect(layout.place({ time: 5.5, width: 120 })).toBe(-1);
    layout.prune(8);
    expect(layout.place({ time: 8, width: 120 })).toBe(0);
    expect(layout.stats()).toEqual({ placed: 10, dropped: 1, lanes: 9 });
  });

  it("lets the member's own bullet wait for a lane instead of dropping it, still overlapping nothing", () => {
    const layout = createLayout(stage);
    const placed: Placed[] = [];
    for (let i = 0; i < 9; i++) placed.push({ bullet: { time: 5, width: 120 }, lane: layout.place({ time: 5, width: 120 }) });
    const own = placeSoonest(layout, { time: 5.1, width: 80 });
    expect(own.lane).toBeGreaterThanOrEqual(0);
    // It enters once the lane's bullet ahead has moved its width and the gap clear of the edge: (120 + 12) / 63.75 s.
    expect(own.bullet.time).toBeGreaterThan(5 + 132 / 63.75 - 0.01);
    expect(own.bullet.time).toBeLessThan(5 + 132 / 63.75 + 0.26);
    placed.push({ bullet: own.bullet, lane: own.lane });
    expect(overlapsAnywhere(placed, stage)).toBe(0);
    expect(layout.stats().dropped).toBe(0);
    // Not for ever: past `within` it is dropped like any other, and counted once.
    expect(placeSoonest(layout, { time: 5.1, width: 80 }, { within: 0.5 }).lane).toBe(-1);
    expect(layout.stats().dropped).toBe(1);
  });

  it("draws nothing where not even one lane fits", () => {
    expect(layoutAll([{ time: 0, width: 10 }], { ...stage, height: 12 })).toEqual({ placed: [], dropped: 1, lanes: 0 });
  });
});

describe("density", () => {
  it("changes how many lanes there are, and so how many bullets fly at once", () => {
    const burst = Array.from({ length: 100 }, (_, i) => ({ time: i * 0.02, width: 150 }));
    const shown = (share: number) => {
      const { placed, lanes } = layoutAll(burst, { ...stage, share });
      expect(Math.max(...placed.map((p) => p.lane))).toBe(lanes - 1);
      return placed.length;
    };
    const [sparse, normal, dense] = [0.25, 0.5, 1].map(shown);
    expect(sparse).toBe(2);
    expect(normal).toBe(4);
    expect(dense).toBe(9);
  });

  it("keeps every lane inside the share of the height", () => {
    for (const share of [0.25, 0.5, 1]) {
      const lanes = laneCount({ ...stage, share });
      expect(lanes * laneHeight(stage.fontSize)).toBeLessThanOrEqual(stage.height * share);
    }
  });
});
