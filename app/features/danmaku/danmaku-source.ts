// The bullets of one video, loaded by windows of time around where it plays. No React and no gateway here (the
// loader is given), so the rules are unit-tested: windows of 60 s, the next one asked for before it is needed,
// loaded windows kept, bullets de-duplicated by id, a failed window asked again later but not on every tick.

export const WINDOW = 60;
/** Seconds before a window's end at which the next is asked for. */
export const PREFETCH = 20;
/** Seconds before a window that failed is asked again. */
export const RETRY_AFTER = 10;

/** The windows (by index) wanted at `t` seconds: the one it is in, and the next once `t` is near its end. */
export function windowsAt(t: number): number[] {
  const at = Math.max(0, Math.floor(Math.max(0, t) / WINDOW));
  return (at + 1) * WINDOW - t <= PREFETCH ? [at, at + 1] : [at];
}

export interface SourceBullet {
  id: number;
  time: number;
}

export type LoadWindow<B> = (from: number, to: number) => Promise<readonly B[] | undefined>;

export function createDanmakuSource<B extends SourceBullet>(load: LoadWindow<B>, now: () => number = () => Date.now()) {
  const windows = new Map<number, { state: "loading" | "loaded" } | { state: "failed"; at: number }>();
  const byId = new Map<number, B>();
  let items: readonly B[] = [];
  const listeners = new Set<() => void>();

  const publish = () => {
    items = [...byId.values()];
    listeners.forEach((l) => l());
  };
  const merge = (list: readonly B[]) => {
    let changed = false;
    for (const b of list) {
      if (byId.get(b.id) === b) continue;
      byId.set(b.id, b);
      changed = true;
    }
    if (changed) publish();
  };

  return {
    /** Asks for the windows wanted at `t` that are neither loaded nor on their way. */
    need(t: number) {
      for (const w of windowsAt(t)) {
        const known = windows.get(w);
        if (known && (known.state !== "failed" || now() - known.at < RETRY_AFTER * 1000)) continue;
        windows.set(w, { state: "loading" });
        load(w * WINDOW, (w + 1) * WINDOW).then(
          (list) => {
            if (!list) return void windows.set(w, { state: "failed", at: now() });
            windows.set(w, { state: "loaded" });
            merge(list);
          },
          () => void windows.set(w, { state: "failed", at: now() }),
        );
      }
    },
    /** A bullet from elsewhere (the member's own, just sent). */
    add(bullet: B) {
      merge([bullet]);
    },
    /** Every bullet loaded so far, one per id; a new array only when something was added. */
    items: () => items,
    /** Windows by state, for tests. */
    windows: () => new Map([...windows].map(([w, s]) => [w, s.state])),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
