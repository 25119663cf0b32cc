import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { videos, type Ad } from "#gateway/api/index.ts";
import { api } from "#app/lib/gateway.ts";
import { openExternal, safeRedirect } from "#app/lib/safe-url.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";

const BannerSwiper = lazy(() => import("./banner-swiper.tsx"));

/**
 * Ad banners. The first slide paints at once; the swiper (and its gesture and animation code) follows at
 * the first touch on the banner, in the same box, so nothing moves.
 */
export function Banner({ ads }: { ads: Ad[] }) {
  const navigate = useNavigate();
  const [swipe, setSwipe] = useState(false);
  if (!ads.length) return null;
  const open = (ad: Ad) => {
    void api(videos.adClick, { id: ad.id });
    if (safeRedirect(ad.url, "") !== "") navigate(ad.url);
    else openExternal(ad.url);
  };
  const first = ads[0]!;
  const still = (
    <div className="banner" onPointerDown={() => ads.length > 1 && setSwipe(true)} onTouchStart={() => ads.length > 1 && setSwipe(true)}>
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
