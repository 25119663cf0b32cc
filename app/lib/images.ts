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

/**
 * Resolves once `root` shows images on screen and each has loaded or failed (EncImage's `data-state`), or after
 * `timeoutMs` at the latest: what waits for the first screen of covers (the home notice).
 */
export function whenImagesOnScreen(root: Element, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const ready = () => {
      const onScreen = [...root.querySelectorAll(".enc-image")].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
      });
      return onScreen.length > 0 && onScreen.every((el) => el.getAttribute("data-state") !== "0");
    };
    let frame = 0;
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      resolve();
    };
    // One check a frame however many mutations came: each check measures the covers (a layout).
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        if (ready()) done();
      });
    });
    const timer = setTimeout(done, timeoutMs);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
    if (ready()) done();
  });
}

// One observer for every image on the page: starts loading when an image comes near the viewport.
type Watcher = () => void;
const watchers = new WeakMap<Element, Watcher>();
let observer: IntersectionObserver | undefined;

export function whenVisible(el: Element, callback: Watcher): () => void {
  if (typeof IntersectionObserver === "undefined") {
    callback();
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const cb = watchers.get(e.target);
        observer!.unobserve(e.target);
        watchers.delete(e.target);
        cb?.();
      }
    },
    { rootMargin: "300px 0px" },
  );
  watchers.set(el, callback);
  observer.observe(el);
  return () => {
    watchers.delete(el);
    observer?.unobserve(el);
  };
}
