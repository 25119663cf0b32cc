import type { Context } from "hono";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { videoUploadSign } from "#gateway/uploads.ts";
import { parseMultipart, type UploadDeps } from "./form.ts";
import { sniffVideo } from "./sniff.ts";

export const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
export const MAX_CHUNK_BYTES = 1024 * 1024;
const UUID_RE = /^[A-Za-z0-9_-]{8,64}$/;

const fail = (c: Context, msg: string, http: 400 | 409 | 413 = 400) => c.json({ code: 0, msg }, http);

/** POST /videoUpload.php — chunked and resumable; see docs/protocol.md §6 and decision 004. */
export async function handleVideoUpload(c: Context, { storage, settings }: UploadDeps) {
  if (Number(c.req.header("content-length") ?? 0) > MAX_CHUNK_BYTES + 64 * 1024) return fail(c, "分片不能超过 1 MB", 413);
  const form = await parseMultipart(c);
  if (!form) return fail(c, "请求格式错误：需要 multipart/form-data");
  const str = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : "");
  const uuid = str("uuid");
  const timestamp = str("timestamp");
  const action = str("action");
  const size = Number(str("size"));
  const problems: string[] = [];
  if (!UUID_RE.test(uuid)) problems.push("uuid 无效");
  if (!/^\d{1,12}$/.test(timestamp)) problems.push("timestamp 无效");
  if (!str("sign")) problems.push("缺少 sign");
  if (action !== "status" && action !== "chunk") problems.push("action 应为 status 或 chunk");
  if (!Number.isSafeInteger(size) || size <= 0) problems.push("size 无效");
  else if (size > MAX_VIDEO_BYTES) problems.push("视频不能超过 2 GB");
  if (problems.length) return fail(c, problems.join("；"));
  if (videoUploadSign(uuid, timestamp, settings.uploadVideoKey, nodeCrypto) !== str("sign").toLowerCase()) return fail(c, "签名错误");

  // Chunks of one upload are handled one at a time; a retry racing the original must not append twice.
  return storage.exclusive(uuid, async () => {
    let meta = await storage.readMeta(uuid);
    if (meta && meta.size !== size) return fail(c, "size 与已上传的部分不一致", 409);
    if (meta?.path) return c.json({ code: 1, msg: meta.path, data: { offset: meta.size, size: meta.size } });
    const held = await storage.held(uuid);
    if (action === "status") return c.json({ code: 1, msg: "", data: { offset: held, size } });

    const offset = Number(str("offset"));
    const video = form.video;
    if (!Number.isSafeInteger(offset) || offset < 0) return fail(c, "offset 无效");
    if (!(video instanceof File) || video.size === 0) return fail(c, "缺少分片 video");
    if (video.size > MAX_CHUNK_BYTES) return fail(c, "分片不能超过 1 MB", 413);
    if (offset + video.size > size) return fail(c, "分片超出文件大小");
    if (offset > held) return fail(c, `分片不连续：服务器已有 ${held} 字节`, 409);
    if (offset + video.size <= held) return c.json({ code: 1, msg: "", data: { offset: held, size } });

    const bytes = new Uint8Array(await video.arrayBuffer());
    if (offset === 0 && !sniffVideo(bytes.subarray(0, 16))) return fail(c, "只支持 MP4、MOV、WebM 视频");
    if (!meta) {
      meta = { size, name: str("name").slice(0, 200) };
      await storage.writeMeta(uuid, meta);
    }
    await storage.append(uuid, bytes.subarray(held - offset));
    const now = held + (bytes.length - (held - offset));
    if (now < size) return c.json({ code: 1, msg: "", data: { offset: now, size } });

    const path = await storage.finish(uuid, "videos", sniffVideo(await storage.head(uuid, 16)) ?? "mp4");
    meta.path = path;
    await storage.writeMeta(uuid, meta);
    return c.json({ code: 1, msg: path, data: { offset: size, size } });
  });
}
