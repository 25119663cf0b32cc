import type { Context } from "hono";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { imageUploadSign } from "#gateway/uploads.ts";
import { parseMultipart, type UploadDeps } from "./form.ts";
import { sniffImage } from "./sniff.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A path this upload answers: `/uploads/images/{YYYYMM}/{name}.{png|jpg|gif|webp}` (the storage names the file). */
export const UPLOADED_IMAGE_PATH = /^\/uploads\/images\/\d{6}\/[\w-]{1,64}\.(?:png|jpg|gif|webp)$/;

const fail = (c: Context, msg: string, http: 400 | 413 = 400) => c.json({ code: 0, msg }, http);

/** POST /imgUpload.php — see docs/protocol.md §6. */
export async function handleImageUpload(c: Context, { storage, settings }: UploadDeps) {
  if (Number(c.req.header("content-length") ?? 0) > MAX_IMAGE_BYTES + 64 * 1024) return fail(c, "图片不能超过 5 MB", 413);
  const form = await parseMultipart(c);
  if (!form) return fail(c, "请求格式错误：需要 multipart/form-data");
  const { file, id, position, sign } = form;
  const problems: string[] = [];
  if (!(file instanceof File)) problems.push("缺少文件 file");
  if (typeof id !== "string" || !/^\d{1,12}$/.test(id)) problems.push("id 无效");
  if (typeof position !== "string" || !/^[a-z_]{1,20}$/.test(position)) problems.push("position 无效");
  if (typeof sign !== "string" || !sign) problems.push("缺少 sign");
  if (problems.length) return fail(c, problems.join("；"));
  if (imageUploadSign(id as string, position as string, settings.uploadImgKey, nodeCrypto) !== (sign as string).toLowerCase()) {
    return fail(c, "签名错误");
  }
  const upload = file as File;
  if (upload.size === 0) return fail(c, "文件为空");
  if (upload.size > MAX_IMAGE_BYTES) return fail(c, "图片不能超过 5 MB", 413);
  const bytes = new Uint8Array(await upload.arrayBuffer());
  const ext = sniffImage(bytes.subarray(0, 16));
  if (!ext) return fail(c, "只支持 PNG、JPEG、GIF、WebP 图片");
  return c.json({ code: 1, msg: await storage.store("images", ext, bytes) });
}
