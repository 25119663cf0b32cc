import { Swiper } from "antd-mobile";
import type { Ad } from "#gateway/api/index.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";

/** The swipeable banner: swiped by hand only (no autoplay), no looping past the ends. */
export default function BannerSwiper({ ads, onOpen }: { ads: Ad[]; onOpen: (ad: Ad) => void }) {
  return (
    <Swiper className="banner" autoplay={false} loop={false} indicatorProps={{ color: "white" }}>
      {ads.map((ad) => (
        <Swiper.Item key={ad.id}>
          <EncImage src={ad.img_url} ratio={ad.ratio || "16X7"} alt={ad.title} eager onClick={() => onOpen(ad)} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
