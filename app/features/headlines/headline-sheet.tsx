import { lazy, Suspense, useEffect, useState } from "react";
import { creators, type Comment, type HeadlineDetail } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { api, together } from "#app/lib/gateway.ts";
import type { HeadlineChange } from "./headline-body.tsx";
import "./headlines.css";

// Inside the sheet, which loads antd-mobile's animation library when it opens (decision 087): so does the spinner,
// and the headline's like and comments, which the lists showing headlines (/post, a creator's page) drew nothing of.
const SpinLoading = lazy(() => import("antd-mobile/es/components/spin-loading"));
const loadBody = () => import("./headline-body.tsx");
const HeadlineBody = lazy(loadBody);

export type { HeadlineChange };

/** One headline in a bottom sheet: full text, images, like, comments. Its like and comments post themselves. */
export function HeadlineSheet({ id, onClose, onChange }: { id: number | null; onClose: () => void; onChange?: (id: number, change: HeadlineChange) => void }) {
  const [state, setState] = useState<{ detail: HeadlineDetail; comments: Paged<Comment> | null } | { error: string } | null>(null);
  // Another headline starts from its spinner.
  const [stateFor, setStateFor] = useState(id);
  if (id !== stateFor) {
    setStateFor(id);
    setState(null);
  }
  useEffect(() => {
    if (id === null) return;
    // The body's code comes while the headline is asked for, not after.
    void loadBody().catch(() => undefined);
    Promise.all(together(() => [api(creators.headline, { id }), api(creators.headlineComments, { id, page: 1, limit: 20 }).catch(() => null)])).then(
      ([detail, comments]) => setState({ detail, comments }),
      (error) => setState({ error: getErrorMessage(error) }),
    );
  }, [id]);
  const detail = state && "detail" in state ? state.detail : null;
  return (
    <Sheet visible={id !== null} onClose={onClose} title={detail?.title ?? "头条"} className="headline-sheet" destroyOnClose>
      {!state ? (
        <SheetLoading />
      ) : "error" in state ? (
        <p className="form-error">{state.error}</p>
      ) : (
        <Suspense fallback={<SheetLoading />}>
          <HeadlineBody detail={state.detail} comments={state.comments} onChange={onChange} />
        </Suspense>
      )}
    </Sheet>
  );
}

function SheetLoading() {
  return (
    <div className="sheet-loading">
      <Suspense fallback={null}>
        <SpinLoading />
      </Suspense>
    </div>
  );
}
