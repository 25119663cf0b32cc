// The bullet-comment (弹幕) renderer: one <canvas> over a <video>, no DOM node per bullet. Positions are a pure
// function of the video's currentTime (layout.ts), so pausing, a playback rate and seeking need no timers of
// their own. The frame loop runs only while the video plays, the page is visible and bullets are shown.
import { bulletWidth, cachedMeasure, createLayout, laneHeight, overlapsAt, placeSoonest, xAt, OUTLINE, OWN_PADDING, type Bullet } from "./layout.ts";

/** What the engine draws: the shape of the gateway's bullet (`/api/mvDanmu/list`), of which it reads these. */
export interface DanmakuItem {
  id: number;
  /** Seconds into the video. */
  time: number;
  content: string;
  /** `#rrggbb`; white when missing or malformed. */
  color?: string;
  /** The member's own: drawn in a box. */
  own?: number | boolean;
}

export interface DanmakuSettings {
  show: boolean;
  /** Share of the video's height the lanes use, percent (25, 50, 100). */
  density: number;
  /** Percent, 30–100. */
  opacity: number;
}

/** Read-only figures for tests and the bench: what is on screen now, and whether anything overlaps. */
export interface DanmakuSnapshot {
  running: boolean;
  time: number;
  frames: number;
  lanes: number;
  fontSize: number;
  /** Bullets on screen at `time`. */
  visible: number;
  placed: number;
  dropped: number;
  /** Pairs of bullets of one lane drawn over each other at `time` (always 0 unless the layout is wrong). */
  overlaps: number;
}

export const DURATION = 8;
const FONT = '-apple-system, BlinkMacSystemFont, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
const font = (size: number) => `600 ${size}px ${FONT}`;
const COLOR = /^#[0-9a-f]{6}$/i;
// A currentTime further than this from the last frame's is a seek (or a loop): lay out again.
const JUMP_BACK = 0.25;
const JUMP_AHEAD = 2;

/** Font size for a stage height: about 12 rows on the whole height, 14–24 px. */
export const fontSizeFor = (height: number) => Math.round(Math.min(24, Math.max(14, height / 12)));

interface Flying extends Bullet {
  item: DanmakuItem;
  lane: number;
  /** Its drawing, once it has been drawn (spriteOf); null where there is no canvas context. */
  sprite?: HTMLCanvasElement | null;
}

// Above 2× the text looks no sharper at these sizes, and the canvas has 2.25 times the pixels to clear and composite.
const MAX_DPR = 2;

/** What a bullet's drawing depends on besides the size: bullets alike share one (the engine's sprites). */
const looks = (item: DanmakuItem) => `${item.own ? 1 : 0}${item.color ?? ""}|${item.content}`;

const byTime = (a: DanmakuItem, b: DanmakuItem) => a.time - b.time || a.id - b.id;

/** The first index whose item's time is at least `t`. */
function firstFrom(items: readonly DanmakuItem[], t: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type DanmakuEngine = ReturnType<typeof createDanmakuEngine>;

export function createDanmakuEngine(canvas: HTMLCanvasElement, { duration = DURATION }: { duration?: number } = {}) {
  const ctx = canvas.getContext("2d");
  let video: HTMLVideoElement | null = null;
  let settings: DanmakuSettings = { show: true, density: 100, opacity: 100 };
  let items: DanmakuItem[] = [];
  let cursor = 0;
  const seen = new Set<number>();
  let flying: Flying[] = [];
  /** Drawn bullets by what they look like, at the current size (spriteOf). */
  let sprites = new Map<string, HTMLCanvasElement>();
  let layout = createLayout({ width: 0, height: 0, fontSize: 14, share: 1, duration });
  let size = { width: 0, height: 0, dpr: 1, fontSize: 14 };
  let last = Number.NaN;
  let stale = true;
  let stalled = false;
  let frame = 0;
  let frames = 0;
  const measure = cachedMeasure((text, fontSize) => {
    if (!ctx) return text.length * fontSize;
    ctx.font = font(fontSize);
    return ctx.measureText(text).width;
  });

  const resize = () => {
    const dpr = Math.min(MAX_DPR, window.devicePixelRatio || 1);
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (width === size.width && height === size.height && dpr === size.dpr) return;
    size = { width, height, dpr, fontSize: fontSizeFor(height) };
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    stale = true;
  };

  /** Lays out again from `t`: the bullets that would be in flight now are placed mid-flight. */
  const restart = (t: number) => {
    layout = createLayout({ width: size.width, height: size.height, fontSize: size.fontSize, share: settings.density / 100, duration });
    flying = [];
    sprites = new Map();
    seen.clear();
    cursor = firstFrom(items, t - duration);
    stale = false;
  };

  const advance = (t: number) => {
    if (stale || Number.isNaN(last) || t < last - JUMP_BACK || t > last + JUMP_AHEAD) restart(t);
    last = t;
    layout.prune(t);
    for (; cursor < items.length && items[cursor]!.time <= t; cursor++) {
      const item = items[cursor]!;
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      if (t - item.time >= duration) continue;
      const bullet = { time: item.time, width: bulletWidth(item.content, size.fontSize, measure, Boolean(item.own)) };
      // The member's own waits for a lane rather than being dropped.
      const { lane, bullet: at } = item.own ? placeSoonest(layout, bullet) : { lane: layout.place(bullet), bullet };
      if (lane >= 0) flying.push({ ...at, item, lane });
    }
    flying = flying.filter((f) => t < f.time + duration);
    // The drawings of bullets gone by: dropped now and then, not every frame.
    if (sprites.size > 2 * flying.length + 32) {
      const shown = new Set(flying.map((f) => looks(f.item)));
      for (const key of sprites.keys()) if (!shown.has(key)) sprites.delete(key);
    }
  };

  /**
   * Bullet `f` drawn once at the device's pixels, its outline, fill and (the member's own) box, into a canvas of its
   * own: each frame then copies it. Stroking and filling the text again every frame cost most of a frame in a full
   * screen of bullets at 4× CPU (decision 113). Bullets that look the same share one.
   */
  const spriteOf = (f: Flying): HTMLCanvasElement | null => {
    const key = looks(f.item);
    const kept = sprites.get(key);
    if (kept) return kept;
    const { dpr, fontSize } = size;
    const row = laneHeight(fontSize);
    const sprite = document.createElement("canvas");
    sprite.width = Math.ceil(f.width * dpr);
    sprite.height = Math.ceil(row * dpr);
    const c = sprite.getContext("2d");
    if (!c) return null;
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    c.font = font(fontSize);
    c.textBaseline = "middle";
    c.lineJoin = "round";
    c.lineWidth = 2 * OUTLINE;
    let textX = OUTLINE;
    if (f.item.own) {
      c.strokeStyle = "rgba(255,255,255,0.9)";
      c.strokeRect(0.5, 1.5, f.width - 1, row - 3);
      textX += OWN_PADDING;
    }
    c.strokeStyle = "rgba(0,0,0,0.75)";
    c.strokeText(f.item.content, textX, row / 2);
    c.fillStyle = f.item.color && COLOR.test(f.item.color) ? f.item.color : "#ffffff";
    c.fillText(f.item.content, textX, row / 2);
    sprites.set(key, sprite);
    return sprite;
  };

  const draw = (t: number) => {
    if (!ctx) return;
    const { width, dpr, fontSize } = size;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!settings.show || !video) return;
    frames++;
    const row = laneHeight(fontSize);
    for (const f of flying) {
      const x = xAt(f, t, { width, duration });
      if (x >= width || x + f.width <= 0) continue;
      // Looked up once per bullet, not every frame.
      if (f.sprite === undefined) f.sprite = spriteOf(f);
      if (f.sprite) ctx.drawImage(f.sprite, Math.round(x * dpr), Math.round(f.lane * row * dpr));
    }
  };

  const playing = () => Boolean(video && !video.paused && !video.ended && !stalled && settings.show && !document.hidden && items.length);

  const tick = () => {
    frame = 0;
    if (!video) return;
    advance(video.currentTime);
    draw(video.currentTime);
    if (playing()) frame = requestAnimationFrame(tick);
  };

  /** Draws the current frame once, and runs the loop if the video plays. */
  const update = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    resize();
    tick();
  };

  const onSeeking = () => {
    stale = true;
    update();
  };
  const onWaiting = () => {
    stalled = true;
    update();
  };
  const onPlaying = () => {
    stalled = false;
    update();
  };
  const events: [string, () => void][] = [
    ["play", update],
    ["playing", onPlaying],
    ["pause", update],
    ["ended", update],
    ["seeking", onSeeking],
    ["seeked", onPlaying],
    ["waiting", onWaiting],
    ["ratechange", update],
    ["loadedmetadata", update],
    ["emptied", onSeeking],
  ];
  const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update);
  observer?.observe(canvas);
  document.addEventListener("visibilitychange", update);

  return {
    attach(next: HTMLVideoElement | null) {
      if (next === video) return;
      for (const [name, fn] of events) video?.removeEventListener(name, fn);
      video = next;
      for (const [name, fn] of events) video?.addEventListener(name, fn);
      stalled = false;
      stale = true;
      update();
    },
    /** The bullets known so far (any order, repeats by id ignored); new ones near the current time still fly. */
    setItems(next: readonly DanmakuItem[]) {
      const unique = new Map<number, DanmakuItem>();
      for (const item of next) unique.set(item.id, item);
      items = [...unique.values()].sort(byTime);
      cursor = firstFrom(items, (Number.isNaN(last) ? 0 : last) - duration);
      update();
    },
    setSettings(next: DanmakuSettings) {
      if (next.density !== settings.density || (next.show && !settings.show)) stale = true;
      settings = next;
      // On the element, so a bullet's outline and fill are see-through as one, and the compositor does it.
      canvas.style.opacity = String(settings.opacity / 100);
      update();
    },
    snapshot(): DanmakuSnapshot {
      const t = Number.isNaN(last) ? 0 : last;
      const onScreen = flying.filter((f) => {
        const x = xAt(f, t, { width: size.width, duration });
        return x < size.width && x + f.width > 0;
      });
      const { placed, dropped, lanes } = layout.stats();
      return {
        running: frame !== 0,
        time: t,
        frames,
        lanes,
        fontSize: size.fontSize,
        visible: settings.show ? onScreen.length : 0,
        placed,
        dropped,
        overlaps: overlapsAt(
          flying.map((f) => ({ bullet: f, lane: f.lane })),
          t,
          { width: size.width, duration },
        ),
      };
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      for (const [name, fn] of events) video?.removeEventListener(name, fn);
      video = null;
      observer?.disconnect();
      document.removeEventListener("visibilitychange", update);
    },
  };
}
