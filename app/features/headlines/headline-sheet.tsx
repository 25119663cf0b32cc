import { lazy, Suspense, useEffect, useState } from "react";
import { creators, type Comment, type HeadlineDetail } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { NO_COMMENTS } from "#app/features/comments/comment-kinds.ts";
import { Comments } from "#app/features/comments/comments.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { api, together } from "#app/lib/gateway.ts";
import { ImageGrid, QuotedVideo } from "./headline-card.tsx";
import "./headlines.css";

// Inside the sheet, which loads antd-mobile's animation library when it opens (decision 087): so does the spinner.
const SpinLoading = lazy(() => import("antd-mobile/es/components/spin-loading"));

/** What the member changed on a headline in the sheet, for its card in the list. */
export type HeadlineChange = { like_count: number } | { comments_added: 1 };

/** One headline in a bottom sheet: full text, images, like, comments. Its like and comments post themselves. */
export function HeadlineSheet({ id, onClose, onChange }: { id: number | null; onClose: () => void; onChange?: (id: number, change: HeadlineChange) => void }) {
  const [state, setState] = useState<{ detail: HeadlineDetail; comments: Paged<Comment> } | { error: string } | null>(null);
  // Another headline starts from its spinner.
  const [stateFor, setStateFor] = useState(id);
  if (id !== stateFor) {
    setStateFor(id);
    setState(null);
  }
  useEffect(() => {
    if (id === null) return;
    Promise.all(together(() => [api(creators.headline, { id }), api(creators.headlineComments, { id, page: 1, limit: 20 }).catch(() => NO_COMMENTS)])).then(
      ([detail, comments]) => setState({ detail, comments }),
      (error) => setState({ error: getErrorMessage(error) }),
    );
  }, [id]);
  const detail = state && "detail" in state ? state.detail : null;
  return (
    <Sheet visible={id !== null} onClose={onClose} title={detail?.title ?? "头条"} className="headline-sheet" destroyOnClose>
      {!state ? (
        <div className="sheet-loading">
          <Suspense fallback={null}>
            <SpinLoading />
          </Suspense>
        </div>
      ) : "error" in state ? (
        <p className="form-error">{state.error}</p>
      ) : (
        <>
          <p className="headline-content">{state.detail.content}</p>
          <ImageGrid images={state.detail.images} />
          <QuotedVideo quote={state.detail.quote} />
          <LikeButton kind="headline" id={state.detail.id} initial={state.detail} onChange={(like) => onChange?.(state.detail.id, { like_count: like.like_count })} />
          <Comments key={state.detail.id} kind="headline" id={state.detail.id} initial={state.comments} onPosted={() => onChange?.(state.detail.id, { comments_added: 1 })} />
        </>
      )}
    </Sheet>
  );
}
