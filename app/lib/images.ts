import { DEV_MEDIA_KEY } from "#gateway/config.ts";
import { createImageLoader, type ImageLoader } from "#gateway/image-loader.ts";
import { isEncryptedImageUrl } from "#gateway/image-cipher.ts";

let loader: ImageLoader | undefined;

export function imageLoader(): ImageLoader {
  loader ??= withSavedPages(createImageLoader({ mediaKey: import.meta.env.VITE_GATEWAY_MEDIA_KEY || DEV_MEDIA_KEY }));
  return loader;
}

/** An image that cannot be downloaded shows from the copy saved for offline reading, if any (decision 046). */
function withSavedPages(inner: ImageLoader): ImageLoader {
  const orSaved = (load: (url: string) => Promise<string>) => (url: string) =>
    load(url).catch(async (error: unknown) => {
      const { savedFileBytes } = await import("#app/features/offline/offline.ts");
      const bytes = await savedFileBytes(url).catch(() => undefined);
      if (!bytes) throw error;
      return inner.decrypt(bytes);
    });
  return { ...inner, load: orSaved(inner.load), loadOwned: orSaved(inner.loadOwned) };
}

/**
 * The first screen's largest image (the banner) has the line to itself: other encrypted images start once it
 * is on screen, or after this long at the latest. On a slow line ten covers would otherwise share its bandwidth.
 */
export const FIRST_IMAGE_HOLD_MS = 1500;
let holds = 0;
let waiting: (() => void)[] = [];

/** Holds other images back until the returned release is called (once is enough; later calls do nothing). */
export function holdOtherImages(): () => void {
  holds++;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    if (--holds > 0) return;
    const ready = waiting;
    waiting = [];
    for (const go of ready) go();
  };
  const timer = setTimeout(release, FIRST_IMAGE_HOLD_MS);
  return release;
}

/** A displayable URL for any image field: encrypted ones are decrypted, plain ones pass through. */
export function loadImage(url: string, opts: { first?: boolean } = {}): Promise<string> {
  if (!isEncryptedImageUrl(url)) return Promise.resolve(url);
  if (opts.first || holds === 0) return imageLoader().load(url);
  return new Promise<void>((go) => waiting.push(go)).then(() => imageLoader().load(url));
}

// One observer for every image on the page: starts loading when an image comes near the viewport and the page
// is not being flung past it. During a fast scroll the images that pass by are not fetched and decrypted at all:
// that work competes with the frames on a phone's few cores (the circle feed dropped frames to it). They start
// once the scroll slows down, if they are still near the viewport.
type Watcher = () => void;
const watchers = new WeakMap<Element, Watcher>();
const nearby = new Set<Element>();
let observer: IntersectionObserver | undefined;

/**
 * A fling: more than this many CSS px between two scroll events (about 3 000 px/s at 60 frames a second). Counted
 * per event, not per second: a phone busy enough to deliver frames late is still flinging.
 */
export const FLING_STEP = 50;
/**
 * A scroll event this long after the one before starts a new gesture (its first step is never a fling). Long
 * enough for a machine busy enough to deliver a fling's frames 200 ms apart (seen on a loaded test machine).
 */
const NEW_GESTURE_MS = 500;
/** Frames without a scroll event after which a fling is over (about 100 ms at 60 frames a second). */
const SETTLE_FRAMES = 6;
let lastY = 0;
let lastAt = 0;
let flinging = false;
let quietFrames = 0;
let settling = 0;

function start(el: Element) {
  const cb = watchers.get(el);
  nearby.delete(el);
  watchers.delete(el);
  observer?.unobserve(el);
  cb?.();
}

function startNearby() {
  flinging = false;
  for (const el of [...nearby]) start(el);
}

// Counted in frames rather than timed: a frame that comes late is not a pause.
function settle() {
  settling = 0;
  if (++quietFrames >= SETTLE_FRAMES) return startNearby();
  settling = requestAnimationFrame(settle);
}

function onScroll() {
  const now = performance.now();
  const y = window.scrollY;
  flinging = now - lastAt < NEW_GESTURE_MS && Math.abs(y - lastY) > FLING_STEP;
  lastY = y;
  lastAt = now;
  quietFrames = 0;
  if (!flinging) startNearby();
  else settling ||= requestAnimationFrame(settle);
}

export function whenVisible(el: Element, callback: Watcher): () => void {
  if (typeof IntersectionObserver === "undefined") {
    callback();
    return () => undefined;
  }
  if (!observer) {
    window.addEventListener("scroll", onScroll, { passive: true });
    observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) nearby.delete(e.target);
          else if (!flinging) start(e.target);
          else nearby.add(e.target);
        }
      },
      { rootMargin: "300px 0px" },
    );
  }
  watchers.set(el, callback);
  observer.observe(el);
  return () => {
    watchers.delete(el);
    nearby.delete(el);
    observer?.unobserve(el);
  };
}
