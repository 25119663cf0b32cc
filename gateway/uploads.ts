import type { CryptoBackend } from "./crypto.ts";
import { fetchWithTimeout } from "./fetch.ts";
import { UPLOAD_IMAGE_TIMEOUT_MS, UPLOAD_VIDEO_TIMEOUT_MS } from "./config.ts";
import { GatewayError } from "./errors.ts";

export const VIDEO_CHUNK_SIZE = 64 * 1024;

/** Upload addresses and keys, as `/api/home/getConfig` returns them under `upload`. */
export interface UploadConfig {
  img_upload_url: string;
  img_key: string;
  img_domain?: string;
  video_upload_url: string;
  video_key: string;
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
  data?: { offset?: number; size?: number };
}

async function readAnswer(res: Response): Promise<UploadAnswer> {
  const body = (await res.json().catch(() => null)) as UploadAnswer | null;
  if (!body || typeof body.code !== "number") throw new GatewayError("malformed", `upload answered HTTP ${res.status} without a JSON body`);
  return body;
}

function joinDomain(domain: string | undefined, path: string): string {
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
  form.append("sign", imageUploadSign(id, position, input.config.img_key, input.crypto));
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
  onProgress?: (sent: number, total: number) => void;
}

function videoForm(input: UploadVideoInput, fields: Record<string, string>): FormData {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const form = new FormData();
  form.append("uuid", input.uuid);
  form.append("timestamp", timestamp);
  form.append("sign", videoUploadSign(input.uuid, timestamp, input.config.video_key, input.crypto));
  form.append("name", input.fileName);
  form.append("size", String(input.file.size));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/**
 * Uploads a video in chunks. First asks the server how many bytes of this uuid it already holds
 * (`action=status`), then sends the rest, each chunk with its `offset`. The last chunk's answer
 * carries the stored path. Resolves with that path.
 */
export async function uploadVideo(input: UploadVideoInput): Promise<string> {
  const doFetch = input.fetch ?? globalThis.fetch;
  const url = input.config.video_upload_url;
  const chunkSize = input.chunkSize ?? VIDEO_CHUNK_SIZE;
  const deadline = Date.now() + UPLOAD_VIDEO_TIMEOUT_MS;
  const post = async (form: FormData) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new GatewayError("timeout", "timeout exceeded");
    const res = await fetchWithTimeout(doFetch, url, { method: "POST", body: form }, remaining, input.signal);
    const answer = await readAnswer(res);
    if (answer.code !== 1) throw new GatewayError("status", answer.msg || "视频上传失败", { httpStatus: res.status });
    return answer;
  };

  const total = input.file.size;
  if (total === 0) throw new GatewayError("malformed", "文件为空");
  const status = await post(videoForm(input, { action: "status" }));
  let offset = Number(status.data?.offset ?? 0);
  if (status.data?.size === total && offset === total && status.msg) {
    input.onProgress?.(total, total);
    return status.msg;
  }
  input.onProgress?.(offset, total);
  let path = "";
  while (offset < total) {
    const end = Math.min(offset + chunkSize, total);
    const form = videoForm(input, {
      action: "chunk",
      offset: String(offset),
      chunk: String(Math.floor(offset / chunkSize)),
      chunks: String(Math.max(1, Math.ceil(total / chunkSize))),
    });
    form.append("video", input.file.slice(offset, end), input.fileName);
    const answer = await post(form);
    offset = Number(answer.data?.offset ?? end);
    input.onProgress?.(offset, total);
    if (offset >= total) {
      path = answer.msg;
      break;
    }
  }
  if (!path) throw new GatewayError("malformed", "upload finished without a stored path");
  return path;
}
