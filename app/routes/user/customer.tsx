import { type ImageUploadItem } from "antd-mobile";
import { Button } from "#app/components/kit/button.tsx";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { services } from "#gateway/api/index.ts";
import { uploadConfigOf, type UploadConfig } from "#gateway/uploads.ts";
import { Page } from "#app/components/page.tsx";
import { ImagePicker } from "#app/components/services/image-picker.tsx";
import { NamedTextArea } from "#app/components/services/named-text-area.tsx";
import "#app/components/services/services.css";
import { FormError, useSubmit } from "#app/components/services/use-submit.tsx";
import { formatTime } from "#app/lib/format.ts";
import { api, quietApi, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import type { Route } from "./+types/customer";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const [thread, config] = await Promise.all(together(() => [api(services.customerMessages, {}), syncGlobalConfig()]));
  return { thread, upload: uploadConfigOf(config) };
}

const lastId = (list: services.SupportMessage[]) => list.at(-1)?.id ?? 0;
/** Lines by id, once each: a poll and a send can both bring the member's own line. */
const merge = (list: services.SupportMessage[], more: services.SupportMessage[]) => {
  const seen = new Set(list.map((m) => m.id));
  return [...list, ...more.filter((m) => !seen.has(m.id))].sort((a, b) => a.id - b.id);
};

/**
 * Replies arrive by polling (decision 039): every `poll_ms` while the screen is open and the page visible, the
 * lines after the last one shown.
 */
function usePolledThread(initial: services.SupportThread) {
  const [list, setList] = useState(initial.list);
  const [offline, setOffline] = useState(false);
  const latest = useRef(list);
  useLayoutEffect(() => {
    latest.current = list;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const poll = async () => {
      if (document.visibilityState === "visible") {
        try {
          const next = await quietApi(services.customerMessages, { after_id: lastId(latest.current) });
          if (!live) return;
          setOffline(false);
          if (next.list.length) setList((l) => merge(l, next.list));
        } catch {
          if (live) setOffline(true);
        }
      }
      if (live) timer = setTimeout(() => void poll(), initial.poll_ms);
    };
    timer = setTimeout(() => void poll(), initial.poll_ms);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [initial.poll_ms]);
  return { list, offline, add: (m: services.SupportMessage) => setList((l) => merge(l, [m])) };
}

export default function Customer({ loaderData: { thread, upload } }: Route.ComponentProps) {
  const { list, offline, add } = usePolledThread(thread);
  const bottom = useRef<HTMLDivElement>(null);
  // Newest at the bottom, and kept in view as lines come.
  useEffect(() => {
    // NOTE: braces, not an arrow's value: newer browsers answer scrollIntoView with a promise, which React
    // would take for the effect's cleanup.
    bottom.current?.scrollIntoView({ block: "end" });
  }, [list.length]);
  return (
    <Page title="在线客服">
      <div className="chat">
        <div className="chat-lines" role="log" aria-live="polite" aria-label="客服对话">
          <p className="chat-status">您好，请描述您遇到的问题，客服会尽快回复。</p>
          {list.map((m) => (
            <div key={m.id} className={m.from_staff ? "chat-line" : "chat-line is-mine"} data-from={m.from_staff ? "staff" : "member"}>
              <span className="visually-hidden">{m.from_staff ? "客服：" : "我："}</span>
              {m.content ? <span>{m.content}</span> : null}
              {m.images.length ? (
                <span className="chat-images">
                  {m.images.map((src) => (
                    <img key={src} src={src} alt="图片" loading="lazy" />
                  ))}
                </span>
              ) : null}
              <time>{formatTime(m.created_at)}</time>
            </div>
          ))}
          {offline ? <p className="chat-status">网络连接中断，正在重试…</p> : null}
          <div ref={bottom} />
        </div>
        <Compose upload={upload} onSent={add} />
      </div>
    </Page>
  );
}

/** What was typed and chosen stays until the gateway has taken it. */
function Compose({ upload, onSent }: { upload: UploadConfig | null; onSent: (m: services.SupportMessage) => void }) {
  const [text, setText] = useState("");
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [showPicker, setShowPicker] = useState(false);
  const [uploading, setUploading] = useState(false);
  const { pending, error, setError, run, onSubmit, submission } = useSubmit();
  const send = () => {
    const content = text.trim();
    if (!content && !images.length) return setError("请输入消息内容或选择图片");
    return run(async () => {
      const fields = { content, images: images.map((i) => i.url) };
      onSent(await quietApi(services.customerSend, { ...fields, request_id: submission.idFor(fields) }));
      setText("");
      setImages([]);
      setShowPicker(false);
    });
  };
  return (
    <form className="chat-compose-wrap" aria-label="发送消息" onSubmit={onSubmit(send)}>
      <FormError error={error} />
      {showPicker ? <ImagePicker upload={upload} value={images} onChange={setImages} max={services.MAX_SUPPORT_IMAGES} onBusy={setUploading} /> : null}
      <div className="chat-compose">
        <Button type="button" fill="none" aria-label="发送图片" aria-pressed={showPicker} onClick={() => setShowPicker((v) => !v)}>
          ＋
        </Button>
        <NamedTextArea label="消息内容" id="support-message" value={text} onChange={setText} placeholder="输入消息…" autoSize={{ minRows: 1, maxRows: 4 }} maxLength={services.MAX_SUPPORT_MESSAGE} />
        <Button type="submit" color="primary" loading={pending} disabled={uploading}>
          发送
        </Button>
      </div>
    </form>
  );
}

export function meta() {
  return [{ title: "在线客服 — 影音" }];
}
