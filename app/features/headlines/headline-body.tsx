import type { Comment, HeadlineDetail } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { NO_COMMENTS } from "#app/features/comments/no-comments.ts";
import { Comments } from "#app/features/comments/comments.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { ImageGrid, QuotedVideo } from "./headline-card.tsx";

/** What the member changed on a headline in the sheet, for its card in the list. */
export type HeadlineChange = { like_count: number } | { comments_added: 1 };

/** A headline in its sheet: words, images, the quoted video, its like and its comments (null: they failed to load). */
export default function HeadlineBody({
  detail,
  comments,
  onChange,
}: {
  detail: HeadlineDetail;
  comments: Paged<Comment> | null;
  onChange?: (id: number, change: HeadlineChange) => void;
}) {
  return (
    <>
      <p className="headline-content">{detail.content}</p>
      <ImageGrid images={detail.images} />
      <QuotedVideo quote={detail.quote} />
      <LikeButton kind="headline" id={detail.id} initial={detail} onChange={(like) => onChange?.(detail.id, { like_count: like.like_count })} />
      <Comments key={detail.id} kind="headline" id={detail.id} initial={comments ?? NO_COMMENTS} onPosted={() => onChange?.(detail.id, { comments_added: 1 })} />
    </>
  );
}
