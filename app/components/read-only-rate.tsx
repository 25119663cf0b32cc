import "antd-mobile/es/components/rate/rate.css";
import { Star } from "antd-mobile/es/components/rate/star";
import type { CSSProperties } from "react";

/**
 * antd-mobile's Rate as it renders read-only (the same markup, classes and star), without the drag it imports
 * use-gesture for (8.5 KB gzip) and never runs when read-only (decision 091).
 */
export function ReadOnlyRate({ value, count = 5, style }: { value: number; count?: number; style?: CSSProperties & Record<`--${string}`, string> }) {
  return (
    <div className="adm-rate" role="radiogroup" aria-readonly style={style}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="adm-rate-box">
          <div className={`adm-rate-star adm-rate-star-readonly${value >= i + 1 ? " adm-rate-star-active" : ""}`} role="radio" aria-checked={value >= i + 1} aria-label={String(i + 1)}>
            <Star />
          </div>
        </div>
      ))}
    </div>
  );
}
