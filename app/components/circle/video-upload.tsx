import { ProgressBar } from "#app/components/kit/progress-bar.tsx";
import { Button } from "#app/components/kit/button.tsx";
import { useEffect, useRef, useState } from "react";
import { jsCrypto } from "#gateway/crypto-js.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { uploadVideo, VIDEO_UPLOAD_CONCURRENCY, type UploadConfig } from "#gateway/uploads.ts";
import { forgetFile, keepFile, keptFile } from "#app/lib/file-store.ts";
import "./post.css";

/** What the composer keeps of a video between visits: enough to resume it (the file itself is kept aside). */
export interface DraftVideo {
  uuid: string;
  name: string;
  size: number;
  /** The stored path once the upload is confirmed; "" while it is not. */
  path: string;
  /** Percent the server had confirmed when last seen: shown until it answers again after a reload. */
  percent?: number;
}

/** Where the chosen file waits (IndexedDB) until the server has all of it: one video per composer. */
const KEPT = "circle-post-video";

/** How long after a failed chunk the upload tries again (the network dropped, the line answered badly). */
const RETRY_MS = 1500;

/** An upload id that is the same for the same file, so a later try (after a reload) resumes it. */
function uuidOf(file: File): string {
  return `v${file.size.toString(36)}${file.lastModified.toString(36)}${file.name.replace(/[^A-Za-z0-9]/g, "").slice(0, 20)}`.slice(0, 64).padEnd(8, "0");
}

/**
 * One video for a post, uploaded in 64 KB chunks (several at once) through the video upload address: a progress
 * bar, pause and resume, and cancel. A dropped network is resumed by itself. The chosen file is kept on the
 * device until the upload is confirmed, so after a reload the upload goes on by itself from what the server
 * holds; only where the browser keeps no files does the member pick the same file again.
 */
export function VideoUpload({ config, value, onChange, onBusy }: { config: UploadConfig | null; value: DraftVideo | null; onChange: (v: DraftVideo | null) => void; onBusy: (busy: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(value?.percent ?? 0);
  const [state, setState] = useState<"idle" | "sending" | "paused" | "failed">("idle");
  const [error, setError] = useState("");
  const abort = useRef<AbortController | null>(null);
  const retry = useRef(0);

  // A post goes out only with a confirmed upload: a chosen video not yet stored holds the submit back.
  useEffect(() => onBusy(Boolean(value && !value.path)), [value, onBusy]);
  useEffect(() => () => abort.current?.abort(), []);

  const send = (f: File, draft: DraftVideo) => {
    if (!config) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState("sending");
    setError("");
    let shown = -1;
    const onProgress = (sent: number, total: number) => {
      const percent = Math.round((sent / total) * 100);
      if (percent === shown || controller.signal.aborted) return;
      shown = percent;
      setProgress(percent);
      if (percent < 100) onChange({ ...draft, percent });
    };
    uploadVideo({ config, file: f, fileName: f.name, uuid: draft.uuid, crypto: jsCrypto, signal: controller.signal, concurrency: VIDEO_UPLOAD_CONCURRENCY, onProgress }).then(
      (path) => {
        if (controller.signal.aborted) return;
        setState("idle");
        onChange({ ...draft, path, percent: 100 });
        void forgetFile(KEPT);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setError(getErrorMessage(e));
        setState("failed");
        // Tried again by itself: once the network is back, or after a moment.
        const again = () => abort.current === controller && send(f, draft);
        if (!navigator.onLine) window.addEventListener("online", again, { once: true });
        else retry.current = window.setTimeout(again, RETRY_MS);
      },
    );
  };

  // After a reload: the kept file of the unfinished upload, sent on from where the server is.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !value || value.path || file || !config) return;
    resumed.current = true;
    void keptFile(KEPT).then((kept) => {
      if (!kept || kept.id !== value.uuid || abort.current) return;
      setFile(kept.file);
      send(kept.file, value);
    });
    // Once, on the first render with a draft: later renders have the file in state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!f.type.startsWith("video/")) return setError("请选择视频文件");
    const draft: DraftVideo = { uuid: uuidOf(f), name: f.name, size: f.size, path: "" };
    setFile(f);
    setProgress(0);
    onChange(draft);
    void keepFile(KEPT, { id: draft.uuid, file: f });
    send(f, draft);
  };
  const pause = () => {
    clearTimeout(retry.current);
    abort.current?.abort();
    abort.current = null;
    setState("paused");
  };
  const cancel = () => {
    pause();
    setFile(null);
    setState("idle");
    setProgress(0);
    onChange(null);
    void forgetFile(KEPT);
  };

  if (!config) return <p className="composer-hint">视频上传暂不可用</p>;
  return (
    <div className="video-upload" aria-label="视频">
      {value?.path ? (
        <p className="composer-hint">视频已上传：{value.name}</p>
      ) : value && !file ? (
        <p className="composer-hint">「{value.name}」尚未传完（{progress}%），重新选择同一文件即可继续</p>
      ) : null}
      {file && !value?.path ? <ProgressBar percent={progress} text={`${progress}%`} aria-label="上传进度" /> : null}
      {error ? <p className="composer-error">{state === "failed" ? `上传中断（${error}），正在重试…` : error}</p> : null}
      <div className="post-actions">
        <label className="text-button video-pick">
          {value ? "重新选择视频" : "添加视频"}
          <input type="file" accept="video/*" hidden onChange={(e) => pick(e.target.files?.[0])} />
        </label>
        {file && !value?.path && state === "sending" ? (
          <Button size="small" onClick={pause}>
            暂停
          </Button>
        ) : null}
        {file && !value?.path && (state === "paused" || state === "failed") ? (
          <Button size="small" onClick={() => void (value && send(file, value))}>
            继续
          </Button>
        ) : null}
        {value ? (
          <Button size="small" color="danger" fill="outline" onClick={cancel}>
            取消视频
          </Button>
        ) : null}
      </div>
    </div>
  );
}
