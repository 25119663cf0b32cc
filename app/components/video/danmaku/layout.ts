// Lanes for bullet comments (弹幕): pure, no DOM, so it can be unit-tested. Time is the video's, in seconds.
//
// Motion: a bullet of width w enters with its leading (left) edge at the stage's right edge W at its `time`, and
// moves left at (W + w) / duration px/s, so its trailing edge leaves the left edge exactly `duration` seconds
// later. Longer text moves faster (as on bilibili). Two bullets share a lane only if neither ever covers the
// other on screen; a bullet no lane can take is dropped, never drawn over another.

export interface LayoutOptions {
  /** Stage width in CSS px. */
  width: number;
  /** Stage height in CSS px. */
  height: number;
  /** Font size in CSS px; a lane is `laneHeight(fontSize)` tall. */
  fontSize: number;
  /** Share of the height (from the top) that lanes may use: 0.25, 0.5, 1. */
  share: number;
  /** Seconds a bullet takes to cross the stage. */
  duration: number;
  /** Least horizontal gap between two bullets of a lane, px. */
  gap?: number;
}

export interface Bullet {
  /** Seconds into the video at which its leading edge enters on the right. */
  time: number;
  /** Drawn width, px (text plus padding). */
  width: number;
}

export interface Placed<B extends Bullet = Bullet> {
  bullet: B;
  lane: number;
}

export const DEFAULT_GAP = 12;
/** Room around the text: the outline on each side, and the box of the member's own bullets. */
export const OUTLINE = 1;
export const OWN_PADDING = 4;

/** Text width in CSS px at a font size: the canvas's `measureText` in the app, a stand-in in unit tests. */
export type Measure = (text: string, fontSize: number) => number;

/** A measure that keeps each text's width at a font size, since the same words come back. */
export function cachedMeasure(measure: Measure): Measure {
  const known = new Map<string, number>();
  return (text, fontSize) => {
    const key = `${fontSize}|${text}`;
    let w = known.get(key);
    if (w === undefined) {
      w = measure(text, fontSize);
      if (known.size > 2000) known.clear();
      known.set(key, w);
    }
    return w;
  };
}

/** A bullet's drawn width: its text, the outline, and the box of the member's own. */
export function bulletWidth(text: string, fontSize: number, measure: Measure, own = false): number {
  return Math.ceil(measure(text, fontSize)) + 2 * OUTLINE + (own ? 2 * OWN_PADDING : 0);
}

export const laneHeight = (fontSize: number) => Math.round(fontSize * 1.3);

/** How many lanes the options allow: at least one, as long as one lane fits the stage at all. */
export function laneCount(o: Pick<LayoutOptions, "height" | "fontSize" | "share">): number {
  const h = laneHeight(o.fontSize);
  if (h > o.height) return 0;
  return Math.max(1, Math.floor((o.height * Math.min(1, Math.max(0, o.share))) / h));
}

/** The bullet's leading-edge x at time `t` (it is on screen while `time <= t <= time + duration`). */
export function xAt(b: Bullet, t: number, o: Pick<LayoutOptions, "width" | "duration">): number {
  return o.width - ((o.width + b.width) * (t - b.time)) / o.duration;
}

/**
 * Whether `a` and `b` in one lane would come closer than `gap` while both are on screen. The distance between
 * them changes linearly in time, so it is enough to look at the two ends of the time they share: when the later
 * one enters, and when the earlier one leaves.
 */
export function collide(a: Bullet, b: Bullet, o: Pick<LayoutOptions, "width" | "duration" | "gap">): boolean {
  const [first, later] = a.time <= b.time ? [a, b] : [b, a];
  const gap = o.gap ?? DEFAULT_GAP;
  const dt = later.time - first.time;
  if (dt >= o.duration) return false;
  // When the later one enters, the first one's tail must be clear of the right edge.
  if (o.width - xAt(first, later.time, o) - first.width < gap) return true;
  // When the first one's tail reaches the left edge, the later one's head must not have caught up with it.
  return xAt(later, first.time + o.duration, o) < gap;
}

/**
 * Places bullets one at a time, in any order of time, into lanes that never overlap. `place` takes the first lane
 * from the top that is free for the bullet's whole crossing; `prune(now)` forgets bullets that left before `now`.
 */
export function createLayout(options: LayoutOptions) {
  const o = { gap: DEFAULT_GAP, ...options };
  const count = laneCount(o);
  const lanes: Bullet[][] = Array.from({ length: count }, () => []);
  let dropped = 0;
  let placed = 0;
  const free = (b: Bullet) => lanes.findIndex((lane) => !lane.some((other) => collide(other, b, o)));
  return {
    lanes: count,
    laneHeight: laneHeight(o.fontSize),
    /** The lane (0 at the top) the bullet would fly in, or -1: places nothing. */
    free,
    /** The lane (0 at the top) the bullet flies in, or -1 when it is dropped. */
    place(b: Bullet): number {
      const i = free(b);
      if (i < 0) {
        dropped++;
        return -1;
      }
      lanes[i]!.push(b);
      placed++;
      return i;
    },
    /** Forgets bullets that are off screen at `now`: nothing placed later may start before `now - duration`. */
    prune(now: number) {
      for (const lane of lanes) {
        let keep = 0;
        for (const b of lane) if (b.time + o.duration > now - o.duration) lane[keep++] = b;
        lane.length = keep;
      }
    },
    stats: () => ({ placed, dropped, lanes: count }),
  };
}

/**
 * Places a bullet that must not be lost (the member's own, just sent): at its time if a lane is free, else at the
 * first later instant, in steps of `step` seconds up to `within`, when one is. Nothing is drawn over another; the
 * bullet enters a little later instead. Returns the lane and the time it enters at, or lane -1.
 */
export function placeSoonest<B extends Bullet>(
  layout: Pick<ReturnType<typeof createLayout>, "free" | "place">,
  bullet: B,
  { within = 4, step = 0.25 }: { within?: number; step?: number } = {},
): { lane: number; bullet: B } {
  for (let delay = 0; delay <= within + 1e-9; delay += step) {
    const later = delay ? { ...bullet, time: bullet.time + delay } : bullet;
    if (layout.free(later) >= 0) return { lane: layout.place(later), bullet: later };
  }
  // Counted as dropped.
  return { lane: layout.place(bullet), bullet };
}

/** Lays out a whole list (sorted by time first); the unit tests' and the engine's way in. */
export function layoutAll<B extends Bullet>(bullets: readonly B[], options: LayoutOptions): { placed: Placed<B>[]; dropped: number; lanes: number } {
  const layout = createLayout(options);
  const placed: Placed<B>[] = [];
  for (const bullet of [...bullets].sort((a, b) => a.time - b.time)) {
    layout.prune(bullet.time);
    const lane = layout.place(bullet);
    if (lane >= 0) placed.push({ bullet, lane });
  }
  return { placed, dropped: layout.stats().dropped, lanes: layout.lanes };
}

/**
 * Pairs of bullets of one lane that cover each other on screen at time `t`, by their drawn rectangles: a check
 * that knows nothing of `collide` (the tests' and the engine's debug snapshot's).
 */
export function overlapsAt(placed: readonly Placed[], t: number, o: Pick<LayoutOptions, "width" | "duration">): number {
  const byLane = new Map<number, { left: number; right: number }[]>();
  for (const { bullet, lane } of placed) {
    if (t < bullet.time || t > bullet.time + o.duration) continue;
    const left = xAt(bullet, t, o);
    const right = left + bullet.width;
    if (right <= 0 || left >= o.width) continue;
    const row = byLane.get(lane) ?? [];
    row.push({ left, right });
    byLane.set(lane, row);
  }
  let overlaps = 0;
  for (const row of byLane.values()) {
    row.sort((a, b) => a.left - b.left);
    for (let i = 1; i < row.length; i++) if (row[i]!.left < row[i - 1]!.right - 1e-6) overlaps++;
  }
  return overlaps;
}
