import type { Context } from "hono";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { videoUploadSign } from "#gateway/uploads.ts";
import { BodyTooLargeError } from "#server/http/body.ts";
import { readMultipart, type FormFile, type UploadDeps } from "./form.ts";
import { addRange, heldFromStart, missingIn, type ByteRanges } from "./byte-ranges.ts";
import { sniffVideo } from "./sniff.ts";

export const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
export const MAX_CHUNK_BYTES = 1024 * 1024;
/** How far past the first missing byte a chunk may end (decision 047): bounds the disk a stalled upload takes. */
export const MAX_AHEAD_BYTES = 16 * 1024 * 1024;
/** How many separate held ranges an upload may have: bounds its meta. */
export const MAX_RANGES = 64;
const UUID_RE = /^[A-Za-z0-9_-]{8,64}$/;

const fail = (c: Context, msg: string, http: 400 | 409 | 413 = 400) => c.json({ code: 0, msg }, http);

/** POST /videoUpload.php — chunked, resumable, chunks in any order; see docs/protocol.md §6 and decisions 004, 047. */
export async function handleVideoUpload(c: Context, { storage, settings }: UploadDeps) {
  if (Number(c.req.header("content-length") ?? 0) > MAX_CHUNK_BYTES + 64 * 1024) return fail(c, "分片不能超过 1 MB", 413);
  let form: Record<string, string | FormFile> | null;
  try {
    form = await readMultipart(c, MAX_CHUNK_BYTES + 64 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return fail(c, "分片不能超过 1 MB", 413);
    throw error;
  }
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

  // One chunk of an upload at a time records itself in the meta, so racing chunks do not lose each other's record.
  return storage.exclusive(uuid, async () => {
    let meta = await storage.readMeta(uuid);
    if (meta && meta.size !== size) return fail(c, "size 与已上传的部分不一致", 409);
    if (meta?.path) return c.json({ code: 1, msg: meta.path, data: { offset: meta.size, size: meta.size, ranges: [[0, meta.size]], ahead: MAX_AHEAD_BYTES } });
    const ranges = await storage.held(uuid);
    const held = heldFromStart(ranges);
    const answer = (now: ByteRanges, msg = "") => c.json({ code: 1, msg, data: { offset: heldFromStart(now), size, ranges: now, ahead: MAX_AHEAD_BYTES } });
    if (action === "status") return answer(ranges);

    const offset = Number(str("offset"));
    const video = form.video;
    if (!Number.isSafeInteger(offset) || offset < 0) return fail(c, "offset 无效");
    if (typeof video !== "object" || video.bytes.length === 0) return fail(c, "缺少分片 video");
    const bytes = video.bytes;
    if (bytes.length > MAX_CHUNK_BYTES) return fail(c, "分片不能超过 1 MB", 413);
    const end = offset + bytes.length;
    if (end > size) return fail(c, `分片超出文件大小：${offset} + ${bytes.length} > ${size}`);
    if (end > held + MAX_AHEAD_BYTES) return fail(c, `分片超前太多：服务器已连续收到 ${held} 字节，只收其后 ${MAX_AHEAD_BYTES / 1048576} MB 以内的分片`, 409);
    // Bytes once held never change: a repeated chunk is acknowledged, an overlapping one fills only its gaps.
    const gaps = missingIn(ranges, offset, end);
    if (!gaps.length) return answer(ranges);
    const now = gaps.reduce((r, [a, b]) => addRange(r, a, b), ranges);
    if (now.length > MAX_RANGES) return fail(c, `分片太零散：请先补齐第 ${held} 字节起缺少的分片`, 409);

    if (gaps[0]![0] === 0 && !sniffVideo(bytes.subarray(0, 16))) return fail(c, "只支持 MP4、MOV、WebM 视频");
    if (!meta) {
      meta = { size, name: str("name").slice(0, 200) };
      await storage.writeMeta(uuid, meta);
    }
    for (const [a, b] of gaps) await storage.write(uuid, a, bytes.subarray(a - offset, b - offset));
    if (heldFromStart(now) < size) return answer(now);
    const path = await storage.finish(uuid, "videos", sniffVideo(await storage.head(uuid, 16)) ?? "mp4");
    await storage.writeMeta(uuid, { ...meta, path });
    return answer(now, path);
  });
}
