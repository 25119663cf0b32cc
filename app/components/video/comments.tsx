import { Button, Input } from "antd-mobile";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Endpoint } from "#gateway/client.ts";
import { creators, video, type Comment } from "#gateway/api/index.ts";
import type { Page, Paged } from "#gateway/api/types.ts";
import { api } from "#app/lib/gateway.ts";
import { formatCount, formatTime } from "#app/lib/format.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";

const NO_REPLIES: Comment[] = [];
/** The calls behind a comment section: a video's or a headline's. */
export interface CommentCalls {
  list: Endpoint<{ id: number } & Page, Paged<Comment>, Paged<Comment>>;
  replies: Endpoint<{ comment_id: number } & Page, Paged<Comment>, Paged<Comment>>;
  /** Silent for a video's comment, a plain call (failures shown) for a headline's, as the product marks them. */
  like: Endpoint<{ comment_id: number }, { is_like: number; like_count: number }, { is_like: number; like_count: number } | undefined>;
  /** The longest comment (characters). */
  maxLength: number;
}
export const VIDEO_COMMENTS: CommentCalls = { list: video.comments, replies: video.replies, like: video.commentLike, maxLength: video.MAX_COMMENT };
export const HEADLINE_COMMENTS: CommentCalls = {
  list: creators.headlineComments,
  replies: creators.headlineReplies,
  like: creators.likeHeadlineComment,
  maxLength: creators.MAX_HEADLINE_COMMENT,
};

function CommentLike({ comment, calls }: { comment: Comment; calls: CommentCalls }) {
  const [state, setState] = useState({ is_like: comment.is_like, like_count: comment.like_count });
  // A second tap while the first is on its way would undo it: the like goes out once.
  const pending = useRef(false);
  return (
    <button
      type="button"
      className={`comment-like${state.is_like ? " is-on" : ""}`}
      aria-pressed={Boolean(state.is_like)}
      onClick={async () => {
        if (pending.current) return;
        pending.current = true;
        // Optimistic: a like that fails is taken back.
        const before = state;
        setState({ is_like: before.is_like ? 0 : 1, like_count: before.like_count + (before.is_like ? -1 : 1) });
        const r = await api(calls.like, { comment_id: comment.id })
          .catch(() => undefined)
          .finally(() => (pending.current = false));
        // No answer (a visitor, whom the gateway's 420 asks to log in; offline): the like did not happen.
        setState(r ?? before);
      }}
    >
      ♥ {formatCount(state.like_count)}
    </button>
  );
}

/** A comment's words: a long one folds to a few lines, with 展开 / 收起. */
function CommentText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [long, setLong] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !open) setLong(el.scrollHeight > el.clientHeight + 1);
  }, [text, open]);
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
  comment,
  posted = NO_REPLIES,
  onReply,
  calls,
}: {
  comment: Comment;
  /** Replies the member posted here since the page loaded: shown under the loaded ones when they are open. */
  posted?: Comment[];
  onReply: (c: Comment) => void;
  calls: CommentCalls;
}) {
  const [replies, setReplies] = useState<Paged<Comment> | null>(null);
  const [open, setOpen] = useState(false);
  const loadReplies = async (page: number) => {
    const next = await api(calls.replies, { comment_id: comment.id, page, limit: 20 });
    setReplies((prev) => (prev && page > 1 ? { ...next, list: [...prev.list, ...next.list] } : next));
  };
  return (
    <li className="comment">
      <EncImage className="comment-avatar" src={comment.user.avatar_url} ratio="1X1" />
      <div className="comment-main">
        <p className="comment-user">{comment.user.nickname}</p>
        <CommentText text={comment.content} />
        <div className="comment-meta">
          <span>{formatTime(comment.created_at)}</span>
          <button type="button" onClick={() => onReply(comment)}>
            回复
          </button>
          <CommentLike comment={comment} calls={calls} />
        </div>
        {comment.reply_count > 0 && !open && (
          <button type="button" className="comment-more" onClick={() => (setOpen(true), void loadReplies(1).catch(() => setOpen(false)))}>
            展开 {comment.reply_count} 条回复
          </button>
        )}
        {open && replies && (
          <ul className="comment-replies">
            {[...replies.list, ...posted.filter((p) => !replies.list.some((r) => r.id === p.id))].map((r) => (
              <li key={r.id}>
                <strong>{r.user.nickname}：</strong>
                {r.content}
              </li>
            ))}
            {replies.has_more && (
              <button type="button" className="comment-more" onClick={() => void loadReplies(replies.page + 1)}>
                更多回复
              </button>
            )}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * Comments of a video or a headline: newest first, replies on demand, a box to post. Posting goes to the
 * route's action as `intent=comment` with `target` (the commented item).
 */
export function Comments({
  targetId,
  initial,
  canPost,
  onNeedLogin,
  calls = VIDEO_COMMENTS,
  onPosted,
}: {
  targetId: number;
  initial: Paged<Comment>;
  canPost: boolean;
  onNeedLogin: () => void;
  calls?: CommentCalls;
  /** After a comment or reply of the member's is in. */
  onPosted?: (comment: Comment) => void;
}) {
  const [list, setList] = useState(initial);
  const [text, setText] = useState("");
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const [postedReplies, setPostedReplies] = useState<Record<number, Comment[]>>({});
  const fetcher = useFetcher<{ comment?: Comment; error?: string }>();
  const handled = useRef<unknown>(null);

  useEffect(() => setList(initial), [initial]);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.comment) {
      const posted = result.comment;
      onPosted?.(posted);
      setText("");
      setReplyTo(null);
      // The same words again within seconds are the same comment (the gateway answers the stored one).
      if (!posted.reply_to) setList((l) => (l.list.some((c) => c.id === posted.id) ? l : { ...l, total: l.total + 1, list: [posted, ...l.list] }));
      else {
        const parent = posted.reply_to;
        if (!postedReplies[parent]?.some((r) => r.id === posted.id)) {
          setList((l) => ({ ...l, list: l.list.map((c) => (c.id === parent ? { ...c, reply_count: c.reply_count + 1 } : c)) }));
          setPostedReplies((p) => ({ ...p, [parent]: [...(p[parent] ?? []), posted] }));
        }
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer, whatever the callback
  }, [fetcher.data]);

  const busy = fetcher.state !== "idle";
  // Set from the submit until the fetcher is idle again: Enter and a tap a few milliseconds apart both come
  // before `busy` has rendered.
  const sending = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle") sending.current = false;
  }, [fetcher.state]);
  const post = () => {
    if (!canPost) return onNeedLogin();
    const content = text.trim();
    if (!content || sending.current) return;
    sending.current = true;
    void fetcher.submit({ intent: "comment", target: String(targetId), content, reply_to: replyTo ? String(replyTo.id) : "" }, { method: "post" });
  };

  return (
    <section className="comments" aria-label="评论">
      <h2 className="block-title">评论 {formatCount(list.total)}</h2>
      <div className="comment-box">
        <Input
          value={text}
          onChange={setText}
          maxLength={calls.maxLength}
          placeholder={replyTo ? `回复 ${replyTo.user.nickname}` : "说点什么…"}
          aria-label="评论内容"
          onEnterPress={post}
        />
        {replyTo && (
          <button type="button" className="comment-reply-cancel" aria-label="取消回复" onClick={() => setReplyTo(null)}>
            ✕
          </button>
        )}
        <Button size="small" color="primary" disabled={!text.trim() || busy} loading={busy} onClick={post}>
          发送
        </Button>
      </div>
      {fetcher.data?.error && <p className="form-error">{fetcher.data.error}</p>}
      {list.list.length === 0 ? (
        <p className="list-end">还没有评论，来抢沙发吧</p>
      ) : (
        <ul className="comment-list">
          {list.list.map((c) => (
            <CommentRow key={c.id} comment={c} posted={postedReplies[c.id]} onReply={setReplyTo} calls={calls} />
          ))}
        </ul>
      )}
      {list.has_more && (
        <button
          type="button"
          className="comment-more"
          onClick={async () => {
            const next = await api(calls.list, { id: targetId, page: list.page + 1, limit: 20 });
            setList((l) => ({ ...next, list: [...l.list, ...next.list.filter((c) => !l.list.some((x) => x.id === c.id))] }));
          }}
        >
          加载更多评论
        </button>
      )}
    </section>
  );
}
