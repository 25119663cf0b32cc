import "antd-mobile/es/global";
import "antd-mobile/es/components/swiper/swiper.css";
import "antd-mobile/es/components/page-indicator/page-indicator.css";
import { SwiperItem } from "antd-mobile/es/components/swiper/swiper-item";
import { Children, isValidElement, type ComponentType, type ReactNode } from "react";
import { idleModule } from "#app/lib/idle-module.ts";

interface SwiperProps {
  className?: string;
  "aria-label"?: string;
  children: ReactNode;
}

type AntSwiper = ComponentType<SwiperProps & { loop: false }>;

const useAntSwiper = idleModule(() => import("antd-mobile/es/components/swiper/swiper").then((m) => m.Swiper as unknown as AntSwiper), "first-use");

/**
 * antd-mobile's Swiper (not looping), its first frame drawn without it: the same markup at the first slide, with
 * its page dots. Its code, with react-spring, use-gesture and the hooks it imports (42 KB gzip), loads at the
 * member's first touch, scroll or key on the page, then takes the frame over (decisions 091, 093). Children are
 * `Swiper.Item`s, as antd-mobile's requires.
 */
export function Swiper({ className, children, ...rest }: SwiperProps) {
  const [Ant, load] = useAntSwiper();
  if (Ant) {
    return (
      <Ant className={className} aria-label={rest["aria-label"]} loop={false}>
        {children}
      </Ant>
    );
  }
  const slides: ReactNode[] = [];
  Children.forEach(children, (child) => {
    if (isValidElement(child)) slides.push(child);
  });
  return (
    <div className={`adm-swiper adm-swiper-horizontal ${className ?? ""}`} aria-label={rest["aria-label"]} style={{ "--slide-size": "100%", "--track-offset": "0%" } as React.CSSProperties}>
      <div className="adm-swiper-track adm-swiper-track-allow-touch-move" onPointerDown={load}>
        <div className="adm-swiper-track-inner">
          {slides.map((slide, i) => (
            <div key={(isValidElement(slide) && slide.key) || i} className={i === 0 ? "adm-swiper-slide adm-swiper-slide-active" : "adm-swiper-slide"}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="adm-swiper-indicator">
        <div className="adm-page-indicator adm-page-indicator-horizontal adm-page-indicator-color-primary">
          {slides.map((_, i) => (
            <div key={i} className={i === 0 ? "adm-page-indicator-dot adm-page-indicator-dot-active" : "adm-page-indicator-dot"} />
          ))}
        </div>
      </div>
    </div>
  );
}

Swiper.Item = SwiperItem;
