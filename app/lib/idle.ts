/**
 * Runs `fn` when the page is next idle (a timer where the browser has no idle callbacks); answers a cancel.
 */
export function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => fn());
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}

/** Resolves when the page is next idle. */
export const idle = () => new Promise<void>((done) => void whenIdle(done));

const FIRST_USE = ["pointerdown", "touchstart", "scroll", "keydown"] as const;
let used: Promise<void> | undefined;

/**
 * Resolves at the member's first touch, scroll or key on this page load. What waits for it (the tabs' code, the
 * overlays, the global config, the real Tabs and Swiper) is not in the tasks and bytes of a visitor who only looks,
 * and it comes before the tap that needs it (decision 093).
 */
export function firstUse(): Promise<void> {
  return (used ??= new Promise<void>((done) => {
    const start = () => {
      for (const type of FIRST_USE) window.removeEventListener(type, start, true);
      done();
    };
    for (const type of FIRST_USE) window.addEventListener(type, start, { capture: true, passive: true });
  }));
}
