import { TextArea, type ImageUploadItem } from "antd-mobile";
import { Button } from "#app/components/kit/button.tsx";
import { useEffect, useId, useState } from "react";
import { data, Link, replace, useFetcher } from "react-router";
import { circle, home, video } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { uploadConfigOf } from "#gateway/uploads.ts";
import { VideoUpload, type DraftVideo } from "#app/components/circle/video-upload.tsx";
import { Page } from "#app/components/page.tsx";
import { Selector } from "#app/components/selector.tsx";
import { requestIdField } from "#app/features/action-fetcher.ts";
import { confirmSpend } from "#app/features/spend/confirm-spend.ts";
import { useBalance } from "#app/features/spend/use-balance.ts";
import { toast } from "#app/lib/feedback.ts";
import { PhotoPicker } from "#app/components/media/photo-picker.tsx";
import { api, quietApi, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { localStore } from "#app/lib/safe-storage.ts";
import { useSubmission } from "#app/lib/submission.ts";
import { syncGlobalConfig, syncUser } from "#app/lib/session.ts";
import { CoinStepper } from "#app/components/circle/coin-stepper.tsx";
import "#app/components/circle/circle.css";
import "#app/components/circle/post.css";
import type { Route } from "./+types/lookmv";

// The composer: a request for a video (求片, with an optional reward), or with `?type=post` a plain post. What
// the member typed and uploaded is kept on the device until it is posted, so leaving the screen loses nothing.

type Draft = { content: string; images: string[]; coins: number; topic: number; category: number; video: DraftVideo | null };
type Errors = Partial<Record<circle.PostField | "form", string>>;
const EMPTY_DRAFT: Draft = { content: "", images: [], coins: 0, topic: 0, category: 0, video: null };
const draftKey = (request: boolean) => `circle-draft:${request ? "request" : "post"}`;

function readDraft(request: boolean): Draft {
  try {
    return { ...EMPTY_DRAFT, ...(JSON.parse(localStore.getItem(draftKey(request)) ?? "{}") as Partial<Draft>) };
  } catch {
    return EMPTY_DRAFT;
  }
}

const isRequest = (request: Request) => new URL(request.url).searchParams.get("type") !== "post";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  // The circle's categories are the dark-web section's (its category chips): a post goes under one of them.
  const [state, config, topics, categories, user] = await Promise.all(
    together(() => [
      api(video.checkFind, {}),
      syncGlobalConfig(),
      api(circle.topics, undefined).catch(() => []),
      api(home.categories, { section: "aw" }).catch(() => []),
      syncUser().catch(() => undefined),
    ]),
  );
  return { state, upload: uploadConfigOf(config), topics, categories, coins: user?.coins ?? 0, request: isRequest(request) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const asking = isRequest(request);
  const content = String(form.get("content") ?? "").trim();
  const images = JSON.parse(String(form.get("images") ?? "[]")) as string[];
  const coins = asking ? Number(form.get("coins") ?? 0) : 0;
  const topic = Number(form.get("topic") ?? 0);
  const category = Number(form.get("category") ?? 0);
  const videoPath = String(form.get("video") ?? "");
  const errors: Errors = circle.postProblems({ content, images: images.length, coins });
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  try {
    const posted = await quietApi(video.requestFind, {
      content,
      images,
      is_request: asking ? 1 : 0,
      ...(coins ? { coins } : {}),
      ...(topic > 0 ? { topic_id: topic } : {}),
      ...(category > 0 ? { category_id: category } : {}),
      ...(videoPath ? { video: videoPath } : {}),
      ...requestIdField(form),
    });
    localStore.removeItem(draftKey(asking));
    toast(asking ? "求片已发布" : "发布成功", "success");
    // The post takes the composer's place: back goes to where 发帖 was tapped, and no filled-in composer is
    // kept alive there to be posted from again (decision 058).
    return replace(`/post/detail?id=${posted.post_id}`);
  } catch (error) {
    return data({ errors: { form: getErrorMessage(error) } satisfies Errors }, { status: 400 });
  }
}

export default function LookMv({ loaderData }: Route.ComponentProps) {
  // Each kind keeps its own draft: 改为求片 / 改为发帖 (a replace) starts the other kind's composer.
  return <Composer key={loaderData.request ? "request" : "post"} {...loaderData} />;
}

function Composer({ state, upload, topics, categories, coins: loadedCoins, request }: Route.ComponentProps["loaderData"]) {
  const fetcher = useFetcher<typeof clientAction>();
  const contentId = useId();
  const categoryId = useId();
  const balance = useBalance(loadedCoins);
  const [draft, setDraft] = useState(() => readDraft(request));
  const [uploading, setUploading] = useState(false);
  const [videoBusy, setVideoBusy] = useState(false);
  // A double tap, or a resend after a lost answer, is the same post; anything else typed is another.
  const submission = useSubmission();
  const [tried, setTried] = useState(false);
  const answer = fetcher.data?.errors;
  const [editedAfter, setEditedAfter] = useState<Errors | undefined>(undefined);
  useEffect(() => void localStore.setItem(draftKey(request), JSON.stringify(draft)), [draft, request]);
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setEditedAfter(answer);
  };
  // The draft's own problems, as it is now (once a submit has shown them): each goes as soon as it is fixed.
  const problems = tried ? circle.postProblems({ content: draft.content, images: draft.images.length, coins: request ? draft.coins : 0 }) : {};
  const failed = answer?.form && editedAfter !== answer ? answer.form : undefined;
  const errors = [...Object.values(problems), ...(failed ? [failed] : [])];
  const busy = fetcher.state !== "idle";
  const submit = async () => {
    if (busy || uploading || videoBusy) return;
    setTried(true);
    if (request && draft.coins > 0 && !(await confirmSpend({ what: "求片悬赏", price: draft.coins, balance, confirmText: "发布" }))) return;
    // A category kept in a draft from before it went away is not sent.
    const category = categories.some((c) => c.id === draft.category) ? draft.category : 0;
    const fields = { content: draft.content.trim(), images: JSON.stringify(draft.images), coins: request ? draft.coins : 0, topic: draft.topic, category, video: request ? "" : (draft.video?.path ?? "") };
    void fetcher.submit({ ...fields, request_id: submission.idFor({ request, ...fields }) }, { method: "post" });
  };
  const title = request ? "求片" : "发帖";
  return (
    <Page title={title}>
      <form
        className="composer"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {!state.can_post ? <p className="composer-error">{state.reason}</p> : <p className="composer-hint">今天还可以发 {state.left} 条</p>}
        <label className="visually-hidden" htmlFor={contentId}>
          内容
        </label>
        <TextArea
          id={contentId}
          value={draft.content}
          onChange={(content) => change({ content })}
          maxLength={circle.POST_TEXT.max}
          showCount
          rows={5}
          placeholder={request ? "想看什么片？描述一下画面、演员或情节" : "分享点什么…"}
        />
        <PhotoPicker
          upload={upload}
          value={draft.images.map((url) => ({ url }))}
          onChange={(items: ImageUploadItem[]) => change({ images: items.map((i) => i.url) })}
          max={circle.MAX_POST_IMAGES}
          onBusy={setUploading}
        />
        <p className="composer-hint">最多 {circle.MAX_POST_IMAGES} 张图片{uploading ? "，上传中…" : ""}</p>
        {!request ? <VideoUpload config={upload} value={draft.video} onChange={(video) => change({ video })} onBusy={setVideoBusy} /> : null}
        {topics.length > 0 && (
          <nav className="feed-tools" aria-label="话题">
            {topics.map((t) => (
              <button key={t.id} type="button" className={draft.topic === t.id ? "is-active" : ""} aria-pressed={draft.topic === t.id} onClick={() => change({ topic: draft.topic === t.id ? 0 : t.id })}>
                #{t.title}
              </button>
            ))}
          </nav>
        )}
        {categories.length > 0 && (
          <div className="composer-category">
            <span id={categoryId}>分类</span>
            <Selector
              aria-labelledby={categoryId}
              options={categories.map((c) => ({ label: c.name, value: c.id }))}
              value={draft.category ? [draft.category] : []}
              onChange={(v: number[]) => change({ category: v[0] ?? 0 })}
            />
          </div>
        )}
        {request ? (
          <div className="composer-field">
            <span>悬赏金币（余额 {balance}）</span>
            <CoinStepper label="悬赏金币" min={0} max={circle.MAX_REWARD} step={10} value={draft.coins} onChange={(coins) => change({ coins })} />
          </div>
        ) : null}
        {errors.map((e) => (
          <p key={e} className="composer-error" role="alert">
            {e}
          </p>
        ))}
        <Button type="submit" color="primary" block loading={busy} disabled={busy || uploading || videoBusy || !state.can_post}>
          {request ? "发布求片" : "发布"}
        </Button>
        <Link className="composer-hint" to={request ? "/lookmv?type=post" : "/lookmv"} replace>
          {request ? "改为发普通帖子" : "改为求片"}
        </Link>
      </form>
    </Page>
  );
}

export function meta() {
  return [{ title: "求片 — 影音" }];
}
