import { lazy, Suspense } from "react";
import { Button } from "#app/components/kit/button.tsx";
import { offlineRefusal } from "./offline-access.ts";
import type { SaveOfflineProps } from "./offline-units.ts";
import "./offline.css";

const Control = lazy(() => import("./save-offline-control.tsx"));

/**
 * 保存离线 for one unit (save-offline-control.tsx). Until its code is in (asked for when it first renders), the
 * button it shows before it has read the device: disabled, the same words, so nothing changes when it comes; the
 * saving code and the store stay out of the screen's first load (decision 108).
 */
export function SaveOffline(props: SaveOfflineProps) {
  return (
    <Suspense
      fallback={
        <div className="save-offline" data-testid="save-offline">
          <Button className="item-action" size="small" disabled>
            {offlineRefusal(props.canOpen) ?? "保存离线"}
          </Button>
        </div>
      }
    >
      <Control {...props} />
    </Suspense>
  );
}
