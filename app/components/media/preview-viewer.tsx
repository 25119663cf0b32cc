import { useGesture } from "@use-gesture/react";
import { useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { trackOverlay } from "#app/lib/overlay-history.ts";
import "./preview-viewer.css";

/** Long images (taller than 2.6 × their width) scroll instead of being squeezed into the screen. */
export const LONG_IMAGE_RATIO = 2.6;
export const MIN_ZOOM = 1 / 3;
export const MAX_ZOOM = 3;
/** A second tap within this window zooms; a single tap closes once it has passed. */
export const DOUBLE_TAP_MS = 250;
export const SWIPE_MS = 300;
const DOUBLE_TAP_ZOOM = 2;
const ZOOM_MS = 250;

interface Zoom {
  scale: number;
  x: number;
  y: number;
}
const IDENTITY: Zoom = { scale: 1, x: 0, y: 0 };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

interface ViewerProps {
  urls: string[];
  long: boolean[];
  start: number;
  onClose: () => void;
}

/**
 * Full-screen preview: swipe between images (300 ms, no looping past the ends, an index for groups), pinch
 * between 1/3× and 3× (let go below 1× and it springs back), double-tap within 250 ms to zoom in or out, a
 * single tap to close. Gestures come from @use-gesture (antd-mobile's own gesture library); see decision 012.
 */
function Viewer({ urls, long, start, onClose }: ViewerProps) {
  const [index, setIndex] = useState(start);
  const indexRef = useRef(start);
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const layers = useRef<(HTMLDivElement | null)[]>([]);
  const zoom = useRef<Zoom>(IDENTITY);
  const lastTap = useRef(0);
  const closeTimer = useRef<number | undefined>(undefined);
  const count = urls.length;

  const moveTrack = (offsetPx: number, animate: boolean) => {
    const track = trackRef.current;
    if (!track) return;
    track.style.transition = animate ? `transform ${SWIPE_MS}ms ease-out` : "none";
    track.style.transform = `translate3d(calc(${-indexRef.current * 100}% + ${offsetPx}px), 0, 0)`;
  };

  /** Keeps a zoomed image covering the screen where it can, and centred where it is smaller. */
  const bounded = (z: Zoom): Zoom => {
    const layer = layers.current[indexRef.current];
    const slide = layer?.parentElement;
    if (!layer || !slide || z.scale <= 1) return { scale: z.scale, x: 0, y: 0 };
    const maxX = Math.max(0, (layer.offsetWidth * z.scale - slide.clientWidth) / 2);
    const maxY = Math.max(0, (layer.offsetHeight * z.scale - slide.clientHeight) / 2);
    return { scale: z.scale, x: clamp(z.x, -maxX, maxX), y: clamp(z.y, -maxY, maxY) };
  };

  const applyZoom = (z: Zoom, animate: boolean) => {
    zoom.current = z;
    const layer = layers.current[indexRef.current];
    if (!layer) return;
    layer.style.transition = animate ? `transform ${ZOOM_MS}ms ease-out` : "none";
    layer.style.transform = `translate3d(${z.x}px, ${z.y}px, 0) scale(${z.scale})`;
    layer.dataset.scale = z.scale.toFixed(2);
  };

  const goTo = (next: number) => {
    const target = clamp(next, 0, count - 1);
    if (target !== indexRef.current) {
      applyZoom(IDENTITY, false);
      indexRef.current = target;
      setIndex(target);
    }
    moveTrack(0, true);
  };

  /** Where a screen point lies relative to the centre of the current slide. */
  const fromCentre = (px: number, py: number) => {
    const rect = layers.current[indexRef.current]?.parentElement?.getBoundingClientRect();
    return rect ? { x: px - rect.left - rect.width / 2, y: py - rect.top - rect.height / 2 } : { x: 0, y: 0 };
  };

  const onTap = (px: number, py: number) => {
    const now = performance.now();
    if (now - lastTap.current < DOUBLE_TAP_MS) {
      window.clearTimeout(closeTimer.current);
      lastTap.current = 0;
      if (zoom.current.scale !== 1) return applyZoom(IDENTITY, true);
      // Zoom in around the tapped point, so it stays under the finger.
      const p = fromCentre(px, py);
      return applyZoom(bounded({ scale: DOUBLE_TAP_ZOOM, x: -p.x * (DOUBLE_TAP_ZOOM - 1), y: -p.y * (DOUBLE_TAP_ZOOM - 1) }), true);
    }
    lastTap.current = now;
    closeTimer.current = window.setTimeout(onClose, DOUBLE_TAP_MS);
  };

  useGesture(
    {
      onDrag: ({ first, last, tap, pinching, cancel, movement: [mx, my], velocity: [vx], xy: [px, py], memo }) => {
        if (pinching) return cancel();
        if (tap) return onTap(px, py);
        const z = zoom.current;
        if (z.scale > 1) {
          const from = (first ? undefined : (memo as Zoom | undefined)) ?? z;
          applyZoom(bounded({ scale: z.scale, x: from.x + mx, y: from.y + my }), false);
          return from;
        }
        // A mostly vertical drag scrolls a long image; it never changes the slide.
        const horizontal = Math.abs(mx) > Math.abs(my);
        const i = indexRef.current;
        const pastEnd = (i === 0 && mx > 0) || (i === count - 1 && mx < 0);
        const offset = horizontal ? (pastEnd ? mx / 3 : mx) : 0;
        if (!last) return moveTrack(offset, false);
        const width = rootRef.current?.clientWidth ?? 1;
        const far = Math.abs(mx) > width * 0.2 || (vx > 0.4 && Math.abs(mx) > 16);
        goTo(horizontal && far ? i + (mx < 0 ? 1 : -1) : i);
      },
      onPinch: ({ first, last, offset: [scale], origin: [ox, oy], memo }) => {
        const from = (first ? undefined : (memo as { z: Zoom; p: { x: number; y: number } } | undefined)) ?? { z: zoom.current, p: fromCentre(ox, oy) };
        const { z, p } = from;
        const next = { scale, x: p.x - ((p.x - z.x) * scale) / z.scale, y: p.y - ((p.y - z.y) * scale) / z.scale };
        if (last && scale < 1) applyZoom(IDENTITY, true);
        else applyZoom(scale < 1 ? { scale, x: 0, y: 0 } : last ? bounded(next) : next, last);
        return from;
      },
    },
    {
      target: rootRef,
      drag: { filterTaps: true, pointer: { touch: true } },
      pinch: { scaleBounds: { min: MIN_ZOOM, max: MAX_ZOOM }, from: () => [zoom.current.scale, 0], pointer: { touch: true } },
    },
  );

  useEffect(() => {
    moveTrack(0, false);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    rootRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      else if (e.key === "ArrowRight") goTo(indexRef.current + 1);
      else if (e.key === "ArrowLeft") goTo(indexRef.current - 1);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.clearTimeout(closeTimer.current);
      document.body.style.overflow = overflow;
    };
    // Set up once; handlers read refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div ref={rootRef} className="image-preview" role="dialog" aria-modal="true" aria-label="图片预览" tabIndex={-1} data-index={index}>
      {count > 1 && (
        <div className="image-preview-index" aria-live="polite">
          {index + 1} / {count}
        </div>
      )}
      <div ref={trackRef} className="image-preview-track">
        {urls.map((url, i) => (
          <div key={i} className={long[i] ? "image-preview-slide long-image" : "image-preview-slide"} data-testid={long[i] ? "long-image" : undefined}>
            <div
              ref={(el) => {
                layers.current[i] = el;
              }}
              className="image-preview-zoom"
              data-scale="1.00"
            >
              <img src={url} alt={`第 ${i + 1} 张`} draggable={false} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function naturalSize(url: string): Promise<{ w: number; h: number }> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ w: img.naturalWidth, h: img.naturalHeight });
    img.onerror = () => resolve({ w: 1, h: 1 });
    img.src = url;
  });
}

/** Loaded on the first tap: the viewer is not part of any first screen. */
export async function showViewer(urls: string[], index: number) {
  const sizes = await Promise.all(urls.map(naturalSize));
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    forget();
    root.unmount();
    host.remove();
  };
  const forget = trackOverlay(close);
  root.render(<Viewer urls={urls} long={sizes.map((s) => s.h > s.w * LONG_IMAGE_RATIO)} start={clamp(index, 0, urls.length - 1)} onClose={close} />);
}
