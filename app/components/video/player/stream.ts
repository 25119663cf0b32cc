/** A rendition the member can pick: its index in hls.js's list and its height (540 → 540P). */
export interface StreamLevel {
  index: number;
  height: number;
}

export interface StreamState {
  /** Renditions, highest first; empty for a single-rendition or natively played stream. */
  levels: StreamLevel[];
  /** The height playing now (0 before the first fragment). */
  height: number;
}

export interface Stream {
  /** Picks a rendition by height; 0 gives the choice back to hls.js's bandwidth estimate (自动). */
  setQuality(height: number): void;
  destroy(): void;
}

interface StreamOptions {
  /** Seconds to start from. */
  startAt: number;
  /** The kept choice: a height, or 0 for 自动. */
  quality: number;
  onState(state: StreamState): void;
  onReady(): void;
  onError(message: string): void;
}

const isHls = (url: string) => /\.m3u8(?:$|\?)/.test(url);

const FAILED = "视频加载失败，请稍后重试";

/**
 * Plays `src` on `el`: MP4 natively, HLS through hls.js (loaded only then), which keeps its bandwidth-based choice
 * (ABR) unless the member picks a height.
 */
export function attachStream(el: HTMLVideoElement, src: string, opts: StreamOptions): Stream {
  let cancelled = false;
  let hls: import("hls.js").default | undefined;
  let levels: StreamLevel[] = [];
  const state = (height: number) => opts.onState({ levels, height });
  // A level index for a height: the exact one, else the closest below it, else the lowest.
  const levelFor = (height: number) => {
    if (!height) return -1;
    const at = levels.find((l) => l.height <= height) ?? levels[levels.length - 1];
    return at ? at.index : -1;
  };

  const native = () => {
    el.src = src;
    el.load();
    if (opts.startAt > 0) el.addEventListener("loadedmetadata", () => void (el.currentTime = opts.startAt), { once: true });
    state(0);
    opts.onReady();
  };

  // HLS goes through hls.js wherever it runs (Media Source, or Managed Media Source on iOS 17.1+), even where the
  // browser plays HLS itself (Safari, recent Chrome): only hls.js lets the member pick a rendition. Native HLS is
  // for the browsers hls.js cannot run in.
  if (isHls(src)) {
    void import("hls.js").then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) return el.canPlayType("application/vnd.apple.mpegurl") ? native() : opts.onError("当前浏览器无法播放此视频");
      const h = new Hls({ maxBufferLength: 20, startPosition: opts.startAt > 0 ? opts.startAt : -1 });
      hls = h;
      h.on(Hls.Events.ERROR, (_e, data) => {
        if (data.fatal) opts.onError(FAILED);
      });
      h.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
        levels = data.levels
          .map((l, index) => ({ index, height: l.height }))
          .filter((l) => l.height > 0)
          .sort((a, b) => b.height - a.height);
        if (levels.length < 2) levels = [];
        const chosen = levelFor(opts.quality);
        if (chosen >= 0) h.currentLevel = chosen;
        state(0);
        opts.onReady();
      });
      h.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => state(h.levels[data.level]?.height ?? 0));
      h.loadSource(src);
      h.attachMedia(el);
    });
  } else native();

  return {
    setQuality(height) {
      if (!hls) return;
      // currentLevel switches now (the buffer ahead is dropped); -1 hands the choice back to ABR.
      hls.currentLevel = levelFor(height);
    },
    destroy() {
      cancelled = true;
      hls?.destroy();
      // Without load() a detached source keeps playing what it has buffered, sound included.
      el.removeAttribute("src");
      el.load();
    },
  };
}
