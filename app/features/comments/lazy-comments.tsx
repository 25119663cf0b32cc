import { lazy, Suspense, type ComponentProps } from "react";
import type { Comments as CommentsView } from "./comments.tsx";

/**
 * The comments, their code asked for when first rendered. Under a screen's own Suspense boundary, what shares it
 * with them waits for them too (a novel's 猜你喜欢), so nothing moves when they come.
 */
export const CommentsLater = lazy(() => import("./comments.tsx").then((m) => ({ default: m.Comments })));

/**
 * An item's comments, their code asked for when the item has rendered: they close the screen (nothing below them
 * moves when they come), and the item's first frame does not wait for them (decision 108).
 */
export function LazyComments(props: ComponentProps<typeof CommentsView>) {
  return (
    <Suspense fallback={null}>
      <CommentsLater {...props} />
    </Suspense>
  );
}
