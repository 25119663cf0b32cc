// Not re-exported from the package's entry.
import { defaultImage, emptyImage } from "antd-mobile/es/components/error-block/images";

/** ErrorBlock's pictures, a chunk of their own (decision 091). */
export default function ErrorPicture({ kind }: { kind: "default" | "empty" }) {
  return kind === "empty" ? emptyImage : defaultImage;
}
