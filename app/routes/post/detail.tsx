import { Button } from "#app/components/kit/button.tsx";
import { lazy, Suspense, useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { circle } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { PostPictures } from "#app/components/circle/post-pictures.tsx";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Page } from "#app/components/page.tsx";
import { LazyVideoPlayer } from "#app/components/video/lazy-video-player.tsx";
import { CommentsLater } from "#app/features/comments/lazy-comments.tsx";
import { requestIdField } from "#app/features/action-fetcher.ts";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { postDetailCalls } from "#app/features/early/screens/post-detail.ts";
import { api } from "#app/lib/gateway.ts";
import { formatCount, formatTime } from "#app/lib/format.ts";
import { useSubmission } from "#app/lib/submission.ts";
import { setCoins } from "#app/stores/user.ts";
import "#app/components/circle/circle.css";
import "#app/components/circle/post.css";
import type { Route } from "./+types/detail";

// Only the post's author writes a 补充 here: the field loads for them alone, not with every reader's first frame.
const TextArea = lazy(() => import("#app/lib/form-fields.ts").then((m) => ({ default: m.TextArea })));
// A request's reward with its stepper, and the videos offered: they come with what follows the post (decisions 108
// and 109).
const PostReward = lazy(() => import("#app/features/circle/post-reward.tsx"));
const VideoGrid = lazy(() => import("#app/components/video/video-grid.tsx").then((m) => ({ default: m.VideoGrid })));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "帖子不存在或链接有误");
  const [post, replies, offered] = await postDetailCalls.take(id);
  return { post, replies, offered };
}

/** The author's follow-up (`follow-up`), or coins added to a request's reward (`coins`, with its request id). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = idParam(request, "帖子不存在或链接有误");
  try {
    if (form.get("intent") === "coins") {
      const coins = Number(form.get("coins"));
      if (!Number.isSafeInteger(coins) || coins < 1 || coins > circle.MAX_REWARD) return { error: `追加金币应为 1–${circle.MAX_REWARD} 的整数` };
      const added = await api(circle.appendCoins, { id, coins, ...requestIdField(form) });
      setCoins(added.coins);
      return { reward: added.reward };
    }
    const content = String(form.get("content") ?? "").trim();
    if (!content) return { error: "请输入补充内容" };
    return { followUp: await api(circle.appendDetail, { id, content, ...requestIdField(form) }) };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

export default function PostDetail({ loaderData: { post, replies, offered } }: Route.ComponentProps) {
  return (
    <Page title={post.is_request ? "求片" : "帖子"} right={<ReportButton kind="post" id={post.id} />}>
      <article className="post-body">
        <div className="post-card-head">
          <EncImage className="post-avatar" src={post.creator.avatar_url} ratio="1X1" alt="" />
          <Link className="post-author" to={`/user?uid=${post.creator.uid}`}>
            {post.creator.nickname}
          </Link>
          <span className="post-time">{formatTime(post.created_at)}</span>
        </div>
        <p className="post-text">{post.content}</p>
        <PostPictures images={post.images} />
        {post.video ? <LazyVideoPlayer src={post.video.url} /> : null}
        <p className="post-counts">
          {post.topic ? (
            <Link className="post-topic" to={`/post/topic?id=${post.topic.id}`}>
              #{post.topic.title}
            </Link>
          ) : null}
          <span>{formatCount(post.view_count)} 浏览</span>
          <span>{formatCount(post.reply_count)} 回复</span>
        </p>
      </article>
      {/* What follows the post comes with its code, after the first frame: appended, it moves nothing (decision 108). */}
      <Suspense fallback={null}>
        <div className="post-body-after">
          {post.is_request ? <PostReward id={post.id} reward={post.coins} balance={post.viewer.coins} /> : null}
          <FollowUps appends={post.appends} mine={Boolean(post.is_mine)} />
          {offered.list.length > 0 && (
            <section className="post-section" aria-label="推荐的视频">
              <h2>网友推荐的视频</h2>
              <VideoGrid videos={offered.list} />
            </section>
          )}
        </div>
        <CommentsLater kind="post" id={post.id} initial={replies} />
      </Suspense>
    </Page>
  );
}

function FollowUps({ appends, mine }: { appends: { id: number; content: string; created_at: string }[]; mine: boolean }) {
  const fetcher = useFetcher<typeof clientAction>({ key: "follow-up" });
  const [text, setText] = useState("");
  const textId = useId();
  const [added, setAdded] = useState<typeof appends>([]);
  const answer = fetcher.data && "followUp" in fetcher.data ? fetcher.data.followUp : undefined;
  const submission = useSubmission(answer);
  if (answer && !added.some((a) => a.id === answer.id)) {
    setAdded([...added, answer]);
    setText("");
  }
  const all = [...appends, ...added.filter((a) => !appends.some((b) => b.id === a.id))];
  if (!all.length && !mine) return null;
  return (
    <section className="post-section" aria-label="作者补充">
      <h2>作者补充</h2>
      {all.length ? (
        <ol>
          {all.map((a) => (
            <li key={a.id}>
              {a.content} <small>{formatTime(a.created_at)}</small>
            </li>
          ))}
        </ol>
      ) : (
        <p className="composer-hint">还没有补充</p>
      )}
      {mine ? (
        <form
          className="composer"
          onSubmit={(e) => {
            e.preventDefault();
            const content = text.trim();
            void fetcher.submit({ content, request_id: submission.idFor({ content }) }, { method: "post" });
          }}
        >
          <label className="visually-hidden" htmlFor={textId}>
            补充说明
          </label>
          <Suspense fallback={<div className="composer-pending" />}>
            <TextArea id={textId} name="content" value={text} onChange={setText} maxLength={circle.MAX_FOLLOW_UP} rows={2} placeholder="补充说明" />
          </Suspense>
          {fetcher.data && "error" in fetcher.data ? <p className="composer-error">{fetcher.data.error}</p> : null}
          <Button type="submit" size="small" color="primary" loading={fetcher.state !== "idle"} disabled={!text.trim()}>
            发布补充
          </Button>
        </form>
      ) : null}
    </section>
  );
}

export function meta() {
  return [{ title: "帖子 — 影音" }];
}

export function ErrorBoundary() {
  return <ScreenError title="帖子" failed="帖子加载失败" />;
}
