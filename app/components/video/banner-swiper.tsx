import { useDrag } from "@use-gesture/react";
import { useEffect, useRef, useState } from "react";
import type { Ad } from "#gateway/api/index.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import "./banner-swiper.css";

export const BANNER_SLIDE_MS = 500;

/**
 * The swipeable banner: moved by hand only (no autoplay), 500 ms per slide, no looping past the ends.
 * A vertical drag is left to the page, so the feed still scrolls over the banner.
 */
export default function BannerSwiper({ ads, onOpen }: { ads: Ad[]; onOpen: (ad: Ad) => void }) {
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const count = ads.length;

  const moveTrack = (offsetPx: number, animate: boolean) => {
    const track = trackRef.current;
    if (!track) return;
    track.style.transition = animate ? `transform ${BANNER_SLIDE_MS}ms ease` : "none";
    track.style.transform = `translate3d(calc(${-indexRef.current * 100}% + ${offsetPx}px), 0, 0)`;
  };
  const goTo = (next: number) => {
    indexRef.current = Math.min(count - 1, Math.max(0, next));
    setIndex(indexRef.current);
    moveTrack(0, true);
  };
  useEffect(() => moveTrack(0, false), []);

  useDrag(
    ({ last, tap, movement: [mx], velocity: [vx] }) => {
      if (tap) return onOpen(ads[indexRef.current]!);
      const i = indexRef.current;
      const pastEnd = (i === 0 && mx > 0) || (i === count - 1 && mx < 0);
      if (!last) return moveTrack(pastEnd ? mx / 3 : mx, false);
      const width = rootRef.current?.clientWidth ?? 1;
      const far = Math.abs(mx) > width * 0.2 || (vx > 0.4 && Math.abs(mx) > 16);
      goTo(far ? i + (mx < 0 ? 1 : -1) : i);
    },
    { target: rootRef, axis: "x", filterTaps: true, pointer: { touch: true } },
  );

  return (
    <div ref={rootRef} className="banner banner-swiper" role="region" aria-roledescription="carousel" aria-label="广告" data-index={index}>
      <div ref={trackRef} className="banner-track">
        {ads.map((ad, i) => (
          <div key={ad.id} className="banner-slide" aria-hidden={i !== index}>
            <EncImage src={ad.img_url} ratio={ad.ratio || "16X7"} alt={ad.title} eager />
          </div>
        ))}
      </div>
      <div className="banner-dots" aria-hidden>
        {ads.map((ad, i) => (
          <span key={ad.id} className={i === index ? "is-active" : undefined} />
        ))}
      </div>
    </div>
  );
}
