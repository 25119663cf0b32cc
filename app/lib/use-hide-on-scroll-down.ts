import { useEffect, useState } from "react";

/**
 * True while the member scrolls down past the first screen, false again as soon as they scroll up: floating
 * buttons get out of the way of the rows they would cover and come back when the member turns around.
 */
export function useHideOnScrollDown(threshold = 8): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < threshold) return;
      // Near the top there is nothing under the buttons to uncover.
      setHidden(y > last && y > window.innerHeight / 2);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return hidden;
}
