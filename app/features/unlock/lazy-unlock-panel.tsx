import { lazy, Suspense, type ComponentProps } from "react";
import { DotLoading } from "#app/components/kit/dot-loading.tsx";
import { importOnce } from "#app/lib/import-once.ts";

/**
 * The unlock panel's code, apart from the item screens': most items a member opens are theirs to see, and the panel
 * (its table of units and its styles) was in every item screen's first load (decision 111). A screen whose item
 * is locked waits for it in its loader (`withUnlockPanel`), so the panel draws with the screen; a panel opened by a
 * tap (a chapter's, in a sheet) starts it at the tap.
 */
export const loadUnlockPanel = importOnce(() => import("./unlock-panel.tsx"));
const Panel = lazy(() => loadUnlockPanel().then((m) => ({ default: m.UnlockPanel })));

/** `data` once the panel's code is in, when `locked`. Offline it cannot load: the screen shows, the panel when it can. */
export async function withUnlockPanel<T>(data: T, locked: boolean): Promise<T> {
  if (locked) await loadUnlockPanel().catch(() => undefined);
  return data;
}

type Props = ComponentProps<(typeof import("./unlock-panel.tsx"))["UnlockPanel"]>;

/** The unlock panel: drawn at once when its code is in (a loader waited for it), else once it comes. */
export function UnlockPanel(props: Props) {
  return (
    <Suspense
      fallback={
        <div className="unlock-pending">
          <DotLoading />
        </div>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}
