import { Collapse, Tabs, type ImageUploadItem } from "antd-mobile";
import { Button } from "#app/components/kit/button.tsx";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { accounts, services, type Feedback } from "#gateway/api/index.ts";
import { uploadConfigOf, type UploadConfig } from "#gateway/uploads.ts";
import { ErrorBlock } from "#app/components/kit/error-block.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { ImagePicker } from "#app/components/services/image-picker.tsx";
import { NamedTextArea } from "#app/components/services/named-text-area.tsx";
import "#app/components/services/services.css";
import { FormError, useSubmit } from "#app/components/services/use-submit.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { formatTime } from "#app/lib/format.ts";
import { api, quietApi, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import type { Route } from "./+types/issues";

const myFeedback = pagedSource(accounts.feedback, {}, 20);
const TABS = ["help", "send", "mine"] as const;
type TabKey = (typeof TABS)[number];
const tabOf = (value: string | null): TabKey => (TABS as readonly string[]).includes(value ?? "") ? (value as TabKey) : "help";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const [questions, first, config] = await Promise.all(together(() => [api(services.helpFeedbackList, undefined), firstPage(myFeedback), syncGlobalConfig()]));
  return { questions, first, upload: uploadConfigOf(config) };
}

export default function Issues({ loaderData: { questions, first, upload } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  return (
    <Page title="帮助与反馈">
      <Tabs activeKey={tab} onChange={(k) => setParams(k === "help" ? {} : { tab: k }, { replace: true })}>
        <Tabs.Tab key="help" title="常见问题" />
        <Tabs.Tab key="send" title="提交反馈" />
        <Tabs.Tab key="mine" title="我的反馈" />
      </Tabs>
      {tab === "help" &&
        (questions.length ? (
          <Collapse accordion>
            {questions.map((q) => (
              <Collapse.Panel key={String(q.id)} title={q.question}>
                {q.answer}
              </Collapse.Panel>
            ))}
          </Collapse>
        ) : (
          <ErrorBlock status="empty" title="暂无常见问题" description="" />
        ))}
      {tab === "send" && (
        <SendFeedback
          upload={upload}
          // The tab's navigation runs the loader again: the list's first page comes back with the new one.
          onSent={() => setParams({ tab: "mine" }, { replace: true })}
        />
      )}
      {tab === "mine" && (
        <PagedList source={myFeedback} initial={first} itemKey={(f) => f.id} emptyText="还没有提交过反馈" renderItem={(f) => <FeedbackItem f={f} />} />
      )}
    </Page>
  );
}

/** The form keeps what was typed and chosen until the gateway has taken it. */
function SendFeedback({ upload, onSent }: { upload: UploadConfig | null; onSent: () => void }) {
  const [content, setContent] = useState("");
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const { pending, error, setError, run, onSubmit, submission } = useSubmit();
  const { min, max } = accounts.FEEDBACK_LENGTH;
  const send = () => {
    const text = content.trim();
    if (text.length < min) return setError(`反馈内容至少 ${min} 个字`);
    return run(async () => {
      // `feeding` is marked shown: its message (反馈已提交…) is the toast.
      const fields = { content: text, images: images.map((i) => i.url) };
      await quietApi(accounts.feeding, { ...fields, request_id: submission.idFor(fields) });
      setContent("");
      setImages([]);
      onSent();
    });
  };
  return (
    <form className="services-form" aria-label="提交反馈" onSubmit={onSubmit(send)}>
      <NamedTextArea label="反馈内容" id="feedback-content" value={content} onChange={setContent} placeholder={`请描述你遇到的问题或建议（${min}–${max} 字）`} maxLength={max} showCount rows={5} />
      <ImagePicker upload={upload} value={images} onChange={setImages} max={accounts.MAX_FEEDBACK_IMAGES} onBusy={setUploading} />
      <FormError error={error} />
      <Button type="submit" color="primary" block loading={pending} disabled={uploading}>
        提交反馈
      </Button>
    </form>
  );
}

function FeedbackItem({ f }: { f: Feedback }) {
  return (
    <article className="feedback-item">
      <p>{f.content}</p>
      {f.images.length ? (
        <div className="feedback-images">
          {f.images.map((src) => (
            <img key={src} src={src} alt="反馈图片" loading="lazy" />
          ))}
        </div>
      ) : null}
      <p className="feedback-meta">{formatTime(f.created_at)}</p>
      {f.reply ? (
        <p className="feedback-reply">
          客服回复：{f.reply}
          {f.replied_at ? <span className="feedback-meta"> · {formatTime(f.replied_at)}</span> : null}
        </p>
      ) : (
        <p className="feedback-meta">等待回复</p>
      )}
    </article>
  );
}

export function meta() {
  return [{ title: "帮助与反馈 — 影音" }];
}
