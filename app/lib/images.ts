import { DEV_MEDIA_KEY } from "#gateway/config.ts";
import { createImageLoader, type ImageLoader } from "#gateway/image-loader.ts";
import { isEncryptedImageUrl } from "#gateway/image-cipher.ts";

let loader: ImageLoader | undefined;

export function imageLoader(): ImageLoader {
  loader ??= createImageLoader({ mediaKey: import.meta.env.VITE_GATEWAY_MEDIA_KEY || DEV_MEDIA_KEY });
  return loader;
}

/** A displayable URL for any image field: encrypted ones are decrypted, plain ones pass through. */
export function loadImage(url: string): Promise<string> {
  return isEncryptedImageUrl(url) ? imageLoader().load(url) : Promise.resolve(url);
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
