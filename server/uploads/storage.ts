import type { Context } from "hono";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

/** Server-generated names only: `{kind}/{YYYYMM}/{random}.{ext}` under `{dataDir}/uploads`. */
export function newUploadPath(dataDir: string, kind: "images" | "videos", ext: string) {
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const dir = join(dataDir, "uploads", kind, month);
  mkdirSync(dir, { recursive: true });
  const name = `${randomBytes(12).toString("hex")}.${ext}`;
  return { file: join(dir, name), publicPath: `/uploads/${kind}/${month}/${name}` };
}

export function uploadsRoot(dataDir: string) {
  return join(dataDir, "uploads");
}

/** Parses a multipart upload, or null when the body is not one (the caller answers the error). */
export async function parseMultipart(c: Context): Promise<Record<string, string | File> | null> {
  try {
    return (await c.req.parseBody()) as Record<string, string | File>;
  } catch {
    return null;
  }
}
