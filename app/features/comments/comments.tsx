import { Button } from "#app/components/kit/button.tsx";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { Comment } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { useMemberOnly } from "#app/features/member-only.ts";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { formatCount, formatTime } from "#app/lib/format.ts";
import { api } from "#app/lib/gateway.ts";
import { useSubmission } from "#app/lib/submission.ts";
import type { clientAction } from "#app/routes/actions/comment.ts";
import type { CommentKind } from "./comment-kinds.ts";
import "./comments.css";

const NO_REPLIES: Comment[] = [];
const PAGE = 20;

/** Every kind's comment calls. They name every area of the catalogue: they load when asked for, not with the screen. */
const commentKinds = () => import("./comment-kinds.ts").then((m) => m.COMMENT_KINDS);

/**
 * The longest comment of `kind` for the box, asked for when the box is first focused: the calls' table names every
 * area, and loaded with the screen they competed with its pictures (the comment action checks the length again).
 */
function useMaxLength(kind: CommentKind): [number | undefined, () => void] {
  const [max, setMax] = useState<{ kind: CommentKind; length: number }>();
  const known = max?.kind === kind ? max.length : undefined;
  const ask = () => {
    if (known === undefined) commentKinds().then((kinds) => setMax({ kind, length: kinds[kind].maxLength }), () => undefined);
  };
  return [known, ask];
}

// One observer for every comment's words. Its callback runs after the browser's own layout, before the paint: the
// sizes are read without forcing a layout, and the 展开 buttons it adds are rendered (flushSync) and laid out in the
// same frame, so nothing below them moves after a paint.
let folds: ResizeObserver | undefined;
const onFold = new WeakMap<Element, () => void>();

function watchFold(el: Element, measure: () => void): () => void {
  if (typeof ResizeObserver === "undefined") {
    measure();
    return () => undefined;
  }
  folds ??= new ResizeObserver((entries) => flushSync(() => entries.forEach((e) => onFold.get(e.target)?.())));
  onFold.set(el, measure);
  folds.observe(el);
  return () => {
    onFold.delete(el);
    folds?.unobserve(el);
  };
}

/** A comment's words: a long one folds to a few lines, with 展开 / 收起. */
function CommentText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [long, setLong] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Measured while folded only: unfolded, the words show whole.
    return watchFold(el, () => el.classList.contains("is-folded") && setLong(el.scrollHeight > el.clientHeight + 1));
  }, []);
  return (
    <>
      <p ref={ref} className={`comment-content${open ? "" : " is-folded"}`}>
        {text}
      </p>
      {long && (
        <button type="button" className="comment-more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "收起" : "展开"}
        </button>
      )}
    </>
  );
}

function CommentRow({
  kind,
  comment,
  posted = NO_REPLIES,
  onReply,
}: {
  kind: CommentKind;
  comment: Comment;
  /** Replies the member posted here since the page loaded: shown under the loaded ones when they are open. */
  posted?: Comment[];
  onReply: (c: Comment) => void;
}) {
  const [replies, setReplies] = useState<Paged<Comment> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  // A failure is toasted by the gateway client; the button stays, to try again.
  const loadReplies = (page: number) => {
    setLoading(true);
    commentKinds()
      .then((kinds) => api(kinds[kind].replies, { comment_id: comment.id, page, limit: PAGE }))
      .then((next) => {
        setReplies((prev) => (prev && page > 1 ? { ...next, list: [...prev.list, ...next.list.filter((r) => !prev.list.some((p) => p.id === r.id))] } : next));
        setOpen(true);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  return (
    <li className="comment">
      <EncImage className="comment-avatar" src={comment.user.avatar_url} ratio="1X1" />
      <div className="comment-main">
        <p className="comment-user">{comment.user.nickname}</p>
        <CommentText text={comment.content} />
        <div className="comment-meta">
          <span>{formatTime(comment.created_at)}</span>
          <button type="button" className="comment-reply" onClick={() => onReply(comment)}>
            回复
          </button>
          <LikeButton kind={`${kind}-comment`} id={comment.id} initial={comment} look="text" />
          <ReportButton kind="comment" id={comment.id} look="text" label={`举报 ${comment.user.nickname} 的评论`} />
        </div>
        {comment.reply_count > 0 && !open && (
          <button type="button" className="comment-more" disabled={loading} onClick={() => loadReplies(1)}>
            展开 {comment.reply_count} 条回复
          </button>
        )}
        {open && replies && (
          <ul className="comment-replies">
            {[...replies.list, ...posted.filter((p) => !replies.list.some((r) => r.id === p.id))].map((r) => (
              <li key={r.id}>
                <strong>{r.user.nickname}：</strong>
                {r.content} <ReportButton kind="comment" id={r.id} look="text" label={`举报 ${r.user.nickname} 的回复`} />
              </li>
            ))}
            {replies.has_more && (
              <button type="button" className="comment-more" disabled={loading} onClick={() => loadReplies(replies.page + 1)}>
                {loading ? "加载中…" : "更多回复"}
              </button>
            )}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * The comments of an item of any kind: newest first, replies on demand, a box to post. Posting and likes go to
 * their action routes (`/actions/comment`, `/actions/like`), so any screen can host this.
 */
export function Comments({
  kind,
  id,
  initial,
  count,
  onPosted,
}: {
  kind: CommentKind;
  /** The commented item. */
  id: number;
  /** The first page, from the host's loader. */
  initial: Paged<Comment>;
  /**
   * How many comments the item has, replies included: the number its lists show (`comment_count`). Without it the
   * heading counts the comments of the first level.
   */
  count?: number;
  /** After a comment or reply of the member's is in. */
  onPosted?: (comment: Comment) => void;
}) {
  const [list, setList] = useState(initial);
  const [text, setText] = useState("");
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const [postedReplies, setPostedReplies] = useState<Record<number, Comment[]>>({});
  const [loadingMore, setLoadingMore] = useState(false);
  // The member's own comments since `initial` came: a new `initial` (a reload) counts them already.
  const [mine, setMine] = useState({ to: initial, n: 0 });
  const input = useRef<HTMLInputElement>(null);
  const fetcher = useActionFetcher<typeof clientAction>("/actions/comment");
  // Enter and 发送 together, or 发送 again after a lost answer, are one comment; the next words are another.
  const submission = useSubmission(fetcher.data?.comment);
  const { ifMember } = useMemberOnly();
  const [maxLength, askMaxLength] = useMaxLength(kind);

  // The host's loader ran again: its first page replaces the list.
  const [listFor, setListFor] = useState(initial);
  if (initial !== listFor) {
    setListFor(initial);
    setList(initial);
  }
  // Each answer taken in once, in the render that brings it; the host hears of a new comment after commit.
  const [answered, setAnswered] = useState(fetcher.data);
  const [added, setAdded] = useState<Comment | null>(null);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    const posted = fetcher.data?.comment;
    if (posted) {
      setText("");
      setReplyTo(null);
      // The same words again within seconds are the same comment (the gateway answers the stored one).
      const parent = posted.reply_to;
      if (!parent) {
        if (!list.list.some((c) => c.id === posted.id)) {
          setList((l) => ({ ...l, total: l.total + 1, list: [posted, ...l.list] }));
          setAdded(posted);
        setMine((a) => ({ to: initial, n: a.to === initial ? a.n + 1 : 1 }));
        }
      } else if (!postedReplies[parent]?.some((r) => r.id === posted.id)) {
        setList((l) => ({ ...l, list: l.list.map((c) => (c.id === parent ? { ...c, reply_count: c.reply_count + 1 } : c)) }));
        setPostedReplies((p) => ({ ...p, [parent]: [...(p[parent] ?? []), posted] }));
        setAdded(posted);
        setMine((a) => ({ to: initial, n: a.to === initial ? a.n + 1 : 1 }));
      }
    }
  }
  useEffect(() => {
    if (added) onPosted?.(added);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per comment, whatever the callback
  }, [added]);

  // Set from the submit until the fetcher is idle again: Enter and a tap a few milliseconds apart both come
  // before `busy` has rendered.
  const sending = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle") sending.current = false;
  }, [fetcher.state]);
  const post = () =>
    ifMember(() => {
      const content = text.trim();
      if (!content || sending.current) return;
      sending.current = true;
      const fields = { kind, id, content, reply_to: replyTo?.id };
      void fetcher.submit({ ...fields, request_id: submission.idFor(fields) });
    });
  // In the tap's own handler: a phone opens its keyboard only for a focus the member's gesture asked for.
  const reply = (c: Comment) => {
    setReplyTo(c);
    input.current?.focus();
  };
  const loadMore = () => {
    setLoadingMore(true);
    commentKinds()
      .then((kinds) => api(kinds[kind].list, { id, page: list.page + 1, limit: PAGE }))
      .then((next) => setList((l) => ({ ...next, list: [...l.list, ...next.list.filter((c) => !l.list.some((x) => x.id === c.id))] })))
      // Toasted by the gateway client; the button stays, to try again.
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  };

  return (
    <section className="comments" aria-label="评论">
      <h2 className="block-title">评论 {formatCount(count === undefined ? list.total : count + (mine.to === initial ? mine.n : 0))}</h2>
      <div className="comment-box">
        {/* antd-mobile's Input markup without its module: nothing of it (clear button, composition) is used here. */}
        <div className="adm-input">
          <input
            ref={input}
            className="adm-input-element"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={maxLength}
            onFocus={askMaxLength}
            placeholder={replyTo ? `回复 ${replyTo.user.nickname}` : "说点什么…"}
            aria-label="评论内容"
            onKeyDown={(e) => e.key === "Enter" && !e.nativeEvent.isComposing && post()}
          />
        </div>
        {replyTo && (
          <button type="button" className="comment-reply-cancel" aria-label="取消回复" onClick={() => setReplyTo(null)}>
            ✕
          </button>
        )}
        <Button size="small" color="primary" disabled={!text.trim() || fetcher.busy} loading={fetcher.busy} onClick={post}>
          发送
        </Button>
      </div>
      {fetcher.data?.error && <p className="form-error">{fetcher.data.error}</p>}
      {list.list.length === 0 ? (
        <p className="list-end">还没有评论，来抢沙发吧</p>
      ) : (
        <ul className="comment-list">
          {list.list.map((c) => (
            <CommentRow key={c.id} kind={kind} comment={c} posted={postedReplies[c.id]} onReply={reply} />
          ))}
        </ul>
      )}
      {list.has_more && (
        <button type="button" className="comment-more" disabled={loadingMore} onClick={loadMore}>
          {loadingMore ? "加载中…" : "加载更多评论"}
        </button>
      )}
    </section>
  );
}
