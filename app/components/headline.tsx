import { Button, SpinLoading } from "antd-mobile";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { creators, type Comment, type Headline, type HeadlineDetail } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { Comments, HEADLINE_COMMENTS } from "#app/components/video/comments.tsx";
import { api, together } from "#app/lib/gateway.ts";
import { formatCount, formatTime } from "#app/lib/format.ts";

/** Thumbnails of a headline's images; a tap opens them all in the full-screen viewer at that image. */
export function ImageGrid({ images }: { images: Headline["images"] }) {
  if (!images.length) return null;
  const urls = images.map((i) => i.url);
  return (
    <div className={`image-grid n-${Math.min(images.length, 3)}`}>
      {images.map((img, i) => (
        <button
          type="button"
          key={img.url}
          className="image-grid-item"
          aria-label={`查看图片 ${i + 1}/${images.length}`}
          onClick={(e) => {
            e.stopPropagation();
            void previewImages(urls, i);
          }}
        >
          <EncImage src={img.url} ratio={images.length === 1 ? img.ratio : "1X1"} />
        </button>
      ))}
    </div>
  );
}

/** The video a circle post shares, as a link to its player. */
function QuotedVideo({ quote }: { quote: Headline["quote"] }) {
  if (!quote) return null;
  return (
    <Link className="headline-quote" to={`/player?id=${quote.id}`} onClick={(e) => e.stopPropagation()}>
      <EncImage src={quote.cover} ratio={quote.cover_ratio} alt="" />
      <span>▶ {quote.title}</span>
    </Link>
  );
}

export function HeadlineCard({ item, onOpen }: { item: Headline; onOpen: (id: number) => void }) {
  return (
    <article className="headline" onClick={() => onOpen(item.id)}>
      <h3>
        {/* The whole card opens the headline on a tap; the title is the control a keyboard or screen reader uses. */}
        <button type="button" className="text-button" onClick={(e) => (e.stopPropagation(), onOpen(item.id))}>
          {item.title}
        </button>
      </h3>
      <p>{item.excerpt}</p>
      <ImageGrid images={item.images} />
      <QuotedVideo quote={item.quote} />
      <p className="creator-meta">
        {formatTime(item.created_at)} · ♥ {formatCount(item.like_count)} · 评论 {formatCount(item.comment_count)}
      </p>
    </article>
  );
}

const EMPTY: Paged<Comment> = { list: [], page: 1, limit: 20, total: 0, has_more: false };

/** What the member changed on a headline in the sheet, for its card in the list. */
export type HeadlineChange = { like_count: number } | { comments_added: 1 };

/** One headline in a bottom sheet: full text, images, like, comments. */
export function HeadlineSheet({
  id,
  onClose,
  isMember,
  onNeedLogin,
  onChange,
}: {
  id: number | null;
  onClose: () => void;
  isMember: boolean;
  onNeedLogin: () => void;
  onChange?: (id: number, change: HeadlineChange) => void;
}) {
  const [state, setState] = useState<{ detail: HeadlineDetail; comments: Paged<Comment> } | { error: string } | null>(null);
  // One fetcher per headline: a like answered for one headline is not shown on the next one opened.
  const likeFetcher = useFetcher<{ like?: { is_like: number; like_count: number } }>({ key: `headline-like:${id}` });
  const likeResult = likeFetcher.data?.like;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!likeResult || id === null || reported.current === likeResult) return;
    reported.current = likeResult;
    onChange?.(id, { like_count: likeResult.like_count });
  }, [likeResult, id, onChange]);
  useEffect(() => {
    setState(null);
    if (id === null) return;
    Promise.all(together(() => [api(creators.headline, { id }), api(creators.headlineComments, { id, page: 1, limit: 20 }).catch(() => EMPTY)])).then(
      ([detail, comments]) => setState({ detail, comments }),
      (error) => setState({ error: getErrorMessage(error) }),
    );
  }, [id]);
  const detail = state && "detail" in state ? state.detail : null;
  const like = likeResult ?? (detail ? { is_like: detail.is_like, like_count: detail.like_count } : null);
  return (
    <Sheet visible={id !== null} onClose={onClose} title={detail?.title ?? "头条"} className="headline-sheet" destroyOnClose>
      {!state ? (
        <div className="sheet-loading">
          <SpinLoading />
        </div>
      ) : "error" in state ? (
        <p className="form-error">{state.error}</p>
      ) : (
        <>
          <p className="headline-content">{state.detail.content}</p>
          <ImageGrid images={state.detail.images} />
          <QuotedVideo quote={state.detail.quote} />
          <Button
            size="small"
            color={like?.is_like ? "danger" : "default"}
            onClick={() => (isMember ? void likeFetcher.submit({ intent: "like-headline", target: String(state.detail.id) }, { method: "post" }) : onNeedLogin())}
          >
            ♥ 点赞 {formatCount(like?.like_count ?? 0)}
          </Button>
          <Comments targetId={state.detail.id} initial={state.comments} canPost={isMember} onNeedLogin={onNeedLogin} calls={HEADLINE_COMMENTS} onPosted={() => onChange?.(state.detail.id, { comments_added: 1 })} />
        </>
      )}
    </Sheet>
  );
}
