import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import "./error-block.css";

// The pictures are SVG drawn by React elements, about 4.5 KB gzip for the two: they come after the text, which
// is what a member reads, and the picture's place has a fixed height, so nothing moves (decision 091). Offline
// and not yet cached, the place stays empty.
const Picture = lazy<ComponentType<{ kind: "default" | "empty" }>>(() => import("./error-pictures.tsx").catch(() => ({ default: () => null })));

/**
 * antd-mobile's ErrorBlock (its markup, classes and the two pictures the app shows, default and empty) without its
 * code, which every screen with a list loaded in its first frame (decisions 091 and 107).
 */
export function ErrorBlock({ status, title, description, children }: { status: "default" | "empty"; title: ReactNode; description: ReactNode; children?: ReactNode }) {
  return (
    <div className="adm-error-block">
      <div className="adm-error-block-image">
        <Suspense fallback={null}>
          <Picture kind={status} />
        </Suspense>
      </div>
      <div className="adm-error-block-description">
        <div className="adm-error-block-description-title">{title}</div>
        {description ? <div className="adm-error-block-description-subtitle">{description}</div> : null}
      </div>
      {children ? <div className="adm-error-block-content">{children}</div> : null}
    </div>
  );
}
