import type { CryptoBackend } from "./crypto.ts";
import { fetchWithTimeout } from "./fetch.ts";
import { UPLOAD_IMAGE_TIMEOUT_MS, UPLOAD_VIDEO_TIMEOUT_MS } from "./config.ts";
import { GatewayError } from "./errors.ts";

export const VIDEO_CHUNK_SIZE = 64 * 1024;

/**
 * Upload addresses and keys, named as the product's remote config names them (`/api/home/getConfig`, protocol
 * §6); `img_domain` is ours.
 */
export interface UploadConfig {
  img_upload_url: string;
  upload_img_key: string;
  img_domain?: string;
  videoUploadUrl: string;
  uploadKey: string;
}

/** The upload settings of a config answer, or null when it lacks an address or a key. */
export function uploadConfigOf(config: Partial<UploadConfig> | null | undefined): UploadConfig | null {
  if (!config) return null;
  const { img_upload_url, upload_img_key, img_domain, videoUploadUrl, uploadKey } = config;
  if (typeof img_upload_url !== "string" || typeof upload_img_key !== "string" || typeof videoUploadUrl !== "string" || typeof uploadKey !== "string") return null;
  return { img_upload_url, upload_img_key, img_domain, videoUploadUrl, uploadKey };
}

/** Image upload sign: md5(`id={id}&position={position}` + key). */
export function imageUploadSign(id: string, position: string, key: string, crypto: CryptoBackend): string {
  return crypto.md5Hex(`id=${id}&position=${position}${key}`);
}

/** Video chunk sign: md5(`timestamp={timestamp}&uuid={uuid}` + key). */
export function videoUploadSign(uuid: string, timestamp: string, key: string, crypto: CryptoBackend): string {
  return crypto.md5Hex(`timestamp=${timestamp}&uuid=${uuid}${key}`);
}

interface UploadAnswer {
  code: number;
  msg: string;
  /** `ranges` and `ahead` come from an upload address that takes chunks in any order (decision 047). */
  data?: { offset?: number; size?: number; ranges?: [number, number][]; ahead?: number };
}

async function readAnswer(res: Response): Promise<UploadAnswer> {
  const body = (await res.json().catch(() => null)) as UploadAnswer | null;
  if (!body || typeof body.code !== "number") throw new GatewayError("malformed", `upload answered HTTP ${res.status} without a JSON body`);
  return body;
}

/** A stored path behind `img_domain` (protocol §6); the path itself when there is no domain. */
export function joinDomain(domain: string | undefined, path: string): string {
  if (!domain) return path;
  return `${domain.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

export interface UploadImageInput {
  config: UploadConfig;
  file: Blob;
  fileName: string;
  crypto: CryptoBackend;
  position?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Uploads an image; resolves with its path (prefixed by the image domain when configured). */
export async function uploadImage(input: UploadImageInput): Promise<string> {
  const id = String(Math.floor(Date.now() / 1000));
  const position = input.position ?? "head";
  const form = new FormData();
  form.append("file", input.file, input.fileName);
  form.append("id", id);
  form.append("position", position);
  form.append("sign", imageUploadSign(id, position, input.config.upload_img_key, input.crypto));
  const res = await fetchWithTimeout(input.fetch ?? globalThis.fetch, input.config.img_upload_url, { method: "POST", body: form }, UPLOAD_IMAGE_TIMEOUT_MS, input.signal);
  const answer = await readAnswer(res);
  if (answer.code !== 1) throw new GatewayError("status", answer.msg || "图片上传失败", { httpStatus: res.status });
  return joinDomain(input.config.img_domain, answer.msg);
}

export interface UploadVideoInput {
  config: UploadConfig;
  file: Blob;
  fileName: string;
  /** Stable per file so that a later run resumes: the CLI uses a content hash. */
  uuid: string;
  crypto: CryptoBackend;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  chunkSize?: number;
  /**
   * Chunks in flight at once (default {@link VIDEO_UPLOAD_CONCURRENCY}). Used only when the upload address says it
   * takes chunks in any order (its status answer lists `ranges`); one at a time otherwise.
   */
  concurrency?: number;
  /** Bytes the server holds, as chunks are confirmed (in any order), and the total. */
  onProgress?: (sent: number, total: number) => void;
}

/** Chunks in flight at once by default, where the upload address allows it. */
export const VIDEO_UPLOAD_CONCURRENCY = 4;

function videoForm(input: UploadVideoInput, fields: Record<string, string>): FormData {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const form = new FormData();
  form.append("uuid", input.uuid);
  form.append("timestamp", timestamp);
  form.append("sign", videoUploadSign(input.uuid, timestamp, input.config.uploadKey, input.crypto));
  form.append("name", input.fileName);
  form.append("size", String(input.file.size));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** The pieces of `[0, total)` the server does not hold, each at most `chunkSize` long. */
function missingChunks(held: [number, number][], total: number, chunkSize: number): [number, number][] {
  const out: [number, number][] = [];
  let at = 0;
  for (const [a, b] of [...held, [total, total] as [number, number]]) {
    for (let s = at; s < Math.min(a, total); s += chunkSize) out.push([s, Math.min(s + chunkSize, a, total)]);
    at = Math.max(at, b);
  }
  return out;
}

/**
 * Uploads a video in chunks. First asks the server what of this uuid it already holds (`action=status`), then
 * sends the rest, each chunk with its `offset`: several at once when the server takes them in any order, one
 * at a time otherwise. The answer that completes the file carries the stored path. Resolves with that path.
 */
export async function uploadVideo(input: UploadVideoInput): Promise<string> {
  const doFetch = input.fetch ?? globalThis.fetch;
  const url = input.config.videoUploadUrl;
  const chunkSize = input.chunkSize ?? VIDEO_CHUNK_SIZE;
  const deadline = Date.now() + UPLOAD_VIDEO_TIMEOUT_MS;
  // One failed chunk stops the others: the caller retries the whole upload, which resumes.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  if (input.signal?.aborted) stop.abort();
  input.signal?.addEventListener("abort", onAbort, { once: true });
  const post = async (form: FormData) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new GatewayError("timeout", "timeout exceeded");
    const res = await fetchWithTimeout(doFetch, url, { method: "POST", body: form }, remaining, stop.signal);
    const answer = await readAnswer(res);
    if (answer.code !== 1) throw new GatewayError("status", answer.msg || "视频上传失败", { httpStatus: res.status });
    return answer;
  };

  const total = input.file.size;
  if (total === 0) throw new GatewayError("malformed", "文件为空");
  const chunks = String(Math.max(1, Math.ceil(total / chunkSize)));
  try {
    // A second round only when the server lost some of what it confirmed (another process, a restart).
    for (let round = 0; round < 3; round++) {
      const status = await post(videoForm(input, { action: "status" }));
      if (status.msg && status.data?.size === total && status.data.offset === total) {
        input.onProgress?.(total, total);
        return status.msg;
      }
      const ranges = status.data?.ranges;
      const held = Array.isArray(ranges) ? ranges : [[0, Number(status.data?.offset ?? 0)] as [number, number]];
      const ahead = Math.floor(Number(status.data?.ahead ?? 0) / chunkSize);
      const parallel = Array.isArray(ranges) ? Math.max(1, Math.min(input.concurrency ?? VIDEO_UPLOAD_CONCURRENCY, ahead)) : 1;
      let sent = held.reduce((n, [a, b]) => n + Math.max(0, Math.min(b, total) - a), 0);
      input.onProgress?.(sent, total);
      const todo = missingChunks(held, total, chunkSize);
      let path = "";
      let next = 0;
      const worker = async () => {
        while (next < todo.length && !path) {
          const [start, end] = todo[next++]!;
          const form = videoForm(input, { action: "chunk", offset: String(start), chunk: String(Math.floor(start / chunkSize)), chunks });
          form.append("video", input.file.slice(start, end), input.fileName);
          const answer = await post(form);
          sent += end - start;
          input.onProgress?.(Math.min(sent, total), total);
          if (answer.msg) path = answer.msg;
        }
      };
      // The first failure is the one told: the chunks it stops fail as aborts after it.
      await Promise.all(Array.from({ length: Math.min(parallel, todo.length) }, () => worker().catch((error: unknown) => (stop.abort(), Promise.reject(error)))));
      if (path) return path;
    }
  } finally {
    input.signal?.removeEventListener("abort", onAbort);
  }
  throw new GatewayError("malformed", "upload finished without a stored path");
}
