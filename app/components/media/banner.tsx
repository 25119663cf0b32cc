import { useRef, useState, type PointerEvent } from "react";
import type { Ad } from "#gateway/api/content-types.ts";
import { AdLink } from "#app/components/media/ad-link.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";

export const BANNER_SLIDE_MS = 500;
/** Movement that decides whether a touch is a horizontal swipe or a page scroll. */
const SLOP_PX = 8;

interface Drag {
  id: number;
  x0: number;
  y0: number;
  t0: number;
  dx: number;
  axis: "x" | "y" | null;
}

/**
 * Ad banners, swiped by hand only (no autoplay), 500 ms per slide, no looping past the ends. A vertical
 * drag is left to the page (`touch-action: pan-y`), so the feed scrolls over the banner. Plain pointer
 * events: the first screen carries no gesture library for this (decision 012). `onOpen` hears each tap on an ad
 * (not the click that ends a swipe); the host counts it.
 */
export function Banner({ ads, onOpen }: { ads: Ad[]; onOpen: (ad: Ad) => void }) {
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const swiped = useRef(false);
  const count = ads.length;
  if (!count) return null;

  const moveTrack = (offsetPx: number, animate: boolean) => {
    const track = trackRef.current;
    if (!track) return;
    track.style.transition = animate ? `transform ${BANNER_SLIDE_MS}ms ease` : "none";
    track.style.transform = `translate3d(calc(${-indexRef.current * 100}% + ${offsetPx}px), 0, 0)`;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // A new touch: whether the last swipe ended in a click or not, this one is judged afresh.
    swiped.current = false;
    if (count > 1 && e.isPrimary) drag.current = { id: e.pointerId, x0: e.clientX, y0: e.clientY, t0: e.timeStamp, dx: 0, axis: null };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    d.dx = e.clientX - d.x0;
    const dy = e.clientY - d.y0;
    if (!d.axis && Math.max(Math.abs(d.dx), Math.abs(dy)) > SLOP_PX) {
      d.axis = Math.abs(d.dx) > Math.abs(dy) ? "x" : "y";
      if (d.axis === "x") e.currentTarget.setPointerCapture(e.pointerId);
    }
    if (d.axis !== "x") return;
    const i = indexRef.current;
    const pastEnd = (i === 0 && d.dx > 0) || (i === count - 1 && d.dx < 0);
    moveTrack(pastEnd ? d.dx / 3 : d.dx, false);
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    swiped.current = d.axis === "x";
    if (d.axis !== "x") return;
    const width = e.currentTarget.clientWidth || 1;
    const flick = Math.abs(d.dx) > 16 && e.timeStamp - d.t0 < 250;
    const far = e.type === "pointerup" && (Math.abs(d.dx) > width * 0.2 || flick);
    indexRef.current = Math.min(count - 1, Math.max(0, indexRef.current + (far ? (d.dx < 0 ? 1 : -1) : 0)));
    setIndex(indexRef.current);
    moveTrack(0, true);
  };

  return (
    <div
      className="banner"
      role="region"
      aria-roledescription="carousel"
      aria-label="广告"
      data-index={index}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div ref={trackRef} className="banner-track">
        {ads.map((ad, i) => (
          <div key={ad.id} className="banner-slide" aria-hidden={i !== index}>
            <AdLink
              url={ad.url}
              title={ad.title}
              className="banner-open"
              // Named before its picture is decrypted (the picture's alt says the same).
              aria-label={ad.title}
              // Only the slide in view is in the tab order; arrow keys move between slides.
              tabIndex={i === index ? 0 : -1}
              onClick={(e) => {
                // The click that ends a swipe is not a tap on the ad.
                if (swiped.current) {
                  swiped.current = false;
                  e.preventDefault();
                } else onOpen(ad);
              }}
              onKeyDown={(e) => {
                const to = e.key === "ArrowRight" ? i + 1 : e.key === "ArrowLeft" ? i - 1 : -1;
                if (to < 0 || to >= count) return;
                e.preventDefault();
                indexRef.current = to;
                setIndex(to);
                moveTrack(0, true);
                e.currentTarget.closest(".banner-track")?.querySelectorAll<HTMLElement>(".banner-open")[to]?.focus({ preventScroll: true });
              }}
            >
              <EncImage src={ad.img_url} ratio={ad.ratio || "16X7"} alt={ad.title} priority={i === 0} eager={i <= index + 1} />
            </AdLink>
            <span className="banner-caption" aria-hidden>
              {ad.title}
            </span>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="banner-dots" aria-hidden>
          {ads.map((ad, i) => (
            <span key={ad.id} className={i === index ? "is-active" : undefined} />
          ))}
        </div>
      )}
    </div>
  );
}
