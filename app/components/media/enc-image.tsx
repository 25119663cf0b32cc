import { startTransition, useEffect, useRef, useState, type CSSProperties, type MouseEvent } from "react";
import { parseRatio } from "#gateway/image-cipher.ts";
import { holdOtherImages, loadImage, whenVisible } from "#app/lib/images.ts";

/** 0 pending, 1 loaded, 2 failed. */
export type ImageState = 0 | 1 | 2;

interface Props {
  src: string;
  /** `16X9` and the like: the box is reserved before the image arrives, so nothing shifts. */
  ratio?: string;
  alt?: string;
  className?: string;
  fit?: "cover" | "contain";
  onClick?: (event: MouseEvent<HTMLDivElement>, loadedUrl: string | undefined) => void;
  /** Load at once instead of when scrolled near (above-the-fold banners). */
  eager?: boolean;
  /** The first screen's largest image: loads at once, and other images wait until it is shown. */
  priority?: boolean;
}

/** An image that loads (and decrypts) when it comes into view, with pending, loaded and failed states. */
export function EncImage({ src, ratio, alt = "", className = "", fit = "cover", onClick, eager = false, priority = false }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const release = useRef<(() => void) | undefined>(undefined);
  // A kept-alive screen shown again re-runs its effects; an image it already shows must not start over.
  const shown = useRef<string | undefined>(undefined);
  const [state, setImageState] = useState<{ src: string; url?: string; status: ImageState }>({ src, status: 0 });
  // Images other than the first screen's largest arrive one by one: as transitions, those arriving close
  // together are shown in one commit and one frame of style, layout and paint, not one frame each.
  const setState: typeof setImageState = priority ? setImageState : (next) => startTransition(() => setImageState(next));
  const current = state.src === src ? state : { src, status: 0 as ImageState };

  // Declared before the loading effect, so the hold is in place before any image below starts.
  useEffect(() => {
    if (!priority || shown.current === src) return;
    const done = holdOtherImages();
    release.current = done;
    return done;
  }, [src, priority]);
  useEffect(() => {
    if (current.status === 0 || !release.current) return;
    const done = release.current;
    release.current = undefined;
    // Once it is decoded and a frame showing it has gone out.
    const img = box.current?.querySelector("img");
    void (img ? img.decode().catch(() => undefined) : Promise.resolve()).then(() =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))),
    );
  }, [current.status]);

  useEffect(() => {
    if (shown.current === src) return;
    let cancelled = false;
    const node = box.current;
    const start = () => {
      // Set on the node rather than through state: a render per image just to start its shimmer would cost
      // more than the shimmer. Images waiting off screen stay flat and animate nothing.
      node?.setAttribute("data-loading", "");
      return loadImage(src, { first: priority }).then(
        (url) => !cancelled && setState({ src, url, status: 0 }),
        () => !cancelled && setState({ src, status: 2 }),
      );
    };
    let stop: () => void = () => {};
    if (eager || priority || !node) void start();
    else stop = whenVisible(node, () => void start());
    return () => {
      cancelled = true;
      stop();
      // A new src stays flat until it, too, starts loading.
      node?.removeAttribute("data-loading");
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, eager, priority]);

  const aspect = parseRatio(ratio);
  const style: CSSProperties | undefined = aspect ? { aspectRatio: String(aspect) } : undefined;
  return (
    <div
      ref={box}
      className={`enc-image${priority ? " is-priority" : ""} ${className}`}
      data-state={current.status}
      style={style}
      onClick={onClick ? (e) => onClick(e, current.url) : undefined}
    >
      {current.url && current.status !== 2 && (
        <img
          src={current.url}
          alt={alt}
          decoding="async"
          style={{ objectFit: fit }}
          onLoad={() => {
            shown.current = src;
            setState({ src, url: current.url, status: 1 });
          }}
          onError={() => setState({ src, status: 2 })}
        />
      )}
      {current.status === 2 && <span className="enc-image-error">加载失败</span>}
    </div>
  );
}
