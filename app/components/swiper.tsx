import "antd-mobile/es/components/swiper/swiper.css";
import "antd-mobile/es/components/page-indicator/page-indicator.css";
import { Children, isValidElement, type ComponentType, type ReactElement, type ReactNode } from "react";
import { idleModule } from "#app/lib/idle-module.ts";

interface SwiperProps {
  className?: string;
  "aria-label"?: string;
  children: ReactNode;
}

type AntSwiper = ComponentType<SwiperProps & { loop: false }>;
type ItemProps = { className?: string; children?: ReactNode };

const useAntSwiper = idleModule(
  () =>
    Promise.all([import("antd-mobile/es/components/swiper/swiper"), import("antd-mobile/es/components/swiper/swiper-item")]).then(([swiper, item]) => ({
      Swiper: swiper.Swiper as unknown as AntSwiper,
      Item: item.SwiperItem as ComponentType<ItemProps>,
    })),
  "first-use",
);

/**
 * antd-mobile's Swiper (not looping), its first frame drawn without it: the same markup at the first slide, with
 * its page dots. Its code, with react-spring, use-gesture and the hooks it imports (42 KB gzip), loads at the
 * member's first touch, scroll or key on the page, then takes the frame over (decisions 091, 093). Children are
 * `Swiper.Item`s: ours, drawn as antd-mobile's are, which become its own when its Swiper takes over.
 */
export function Swiper({ className, children, ...rest }: SwiperProps) {
  const [Ant, load] = useAntSwiper();
  if (Ant) {
    // antd-mobile's Swiper takes its own items only: ours become its.
    return (
      <Ant.Swiper className={className} aria-label={rest["aria-label"]} loop={false}>
        {Children.map(children, (child) => (isValidElement(child) ? <Ant.Item key={child.key} {...(child as ReactElement<ItemProps>).props} /> : child))}
      </Ant.Swiper>
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

/** A slide: antd-mobile's SwiperItem markup without its code, which the first frame did not need (decision 107). */
function SwiperItem({ className, children }: ItemProps) {
  return <div className={className ? `adm-swiper-item ${className}` : "adm-swiper-item"}>{children}</div>;
}

Swiper.Item = SwiperItem;
