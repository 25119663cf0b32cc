import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { videos, type Ad } from "#gateway/api/index.ts";
import { api } from "#app/lib/gateway.ts";
import { openExternal, safeRedirect } from "#app/lib/safe-url.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";

const BannerSwiper = lazy(() => import("./banner-swiper.tsx"));

/**
 * Ad banners. The first slide paints at once; the swiper (and its gesture code) follows once the page is
 * idle, or at the first touch on the banner if that comes sooner, in the same box, so nothing moves.
 */
export function Banner({ ads }: { ads: Ad[] }) {
  const navigate = useNavigate();
  const [swipe, setSwipe] = useState(false);
  const many = ads.length > 1;
  useEffect(() => {
    if (!many) return;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => setSwipe(true), { timeout: 3000 });
    return () => cancel(id);
  }, [many]);
  if (!ads.length) return null;
  const open = (ad: Ad) => {
    void api(videos.adClick, { id: ad.id });
    if (safeRedirect(ad.url, "") !== "") navigate(ad.url);
    else openExternal(ad.url);
  };
  const first = ads[0]!;
  const still = (
    <div className="banner" onPointerDown={() => many && setSwipe(true)} onTouchStart={() => many && setSwipe(true)}>
      <EncImage src={first.img_url} ratio={first.ratio || "16X7"} alt={first.title} eager onClick={() => open(first)} />
    </div>
  );
  if (!swipe) return still;
  return (
    <Suspense fallback={still}>
      <BannerSwiper ads={ads} onOpen={open} />
    </Suspense>
  );
}
