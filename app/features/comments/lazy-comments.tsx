import { lazy, Suspense, type ComponentProps } from "react";
import type { Comments as CommentsView } from "./comments.tsx";

const Comments = lazy(() => import("./comments.tsx").then((m) => ({ default: m.Comments })));

/**
 * An item's comments, their code asked for when the item has rendered: they close the screen (nothing below them
 * moves when they come), and the item's first frame does not wait for them (decision 108). /player, whose
 * comments have its series and 相关推荐 below them, imports `Comments` itself.
 */
export function LazyComments(props: ComponentProps<typeof CommentsView>) {
  return (
    <Suspense fallback={null}>
      <Comments {...props} />
    </Suspense>
  );
}
