import { createErrorBlock } from "antd-mobile";
// Not re-exported from the package's entry.
import { defaultImage, emptyImage } from "antd-mobile/es/components/error-block/images";

/**
 * antd-mobile's ErrorBlock with the two pictures the app shows (default and empty). The package's own carries all
 * four, about 4 KB gzip of every screen with a list (decision 087).
 */
export const ErrorBlock = createErrorBlock({ default: defaultImage, empty: emptyImage, disconnected: defaultImage, busy: defaultImage });
