import "antd-mobile/es/global";
// Not its index, which imports ErrorBlock with all four pictures.
import { createErrorBlock } from "antd-mobile/es/components/error-block/create-error-block";
import { lazy, Suspense, type ComponentType } from "react";

// The pictures are SVG drawn by React elements, about 4.5 KB gzip for the two: they come after the text, which
// is what a member reads, and the picture's place has a fixed height, so nothing moves (decision 091). Offline
// and not yet cached, the place stays empty.
const Picture = lazy<ComponentType<{ kind: "default" | "empty" }>>(() => import("./error-pictures.tsx").catch(() => ({ default: () => null })));

const picture = (kind: "default" | "empty") => (
  <Suspense fallback={null}>
    <Picture kind={kind} />
  </Suspense>
);

/**
 * antd-mobile's ErrorBlock with the two pictures the app shows (default and empty), loaded when first shown. The
 * package's own carries all four in every screen with a list (decisions 087 and 091).
 */
export const ErrorBlock = createErrorBlock({ default: picture("default"), empty: picture("empty"), disconnected: picture("default"), busy: picture("default") });
