import type { Context } from "hono";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { encryptImage } from "#gateway/image-cipher.ts";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { safeFile, sendFile } from "#server/static/serve.ts";

/** Committed placeholder clips (scripts/make-clips.sh): clip-N.mp4 and hls-N/index.m3u8, N = 1..3. */
export const CLIPS_DIR = join(import.meta.dirname, "../media/clips");
export const CLIP_COUNT = 3;

const enc = (s: string) => encodeURIComponent(s);

/** Address of an encrypted placeholder image (docs/protocol.md §7). */
export function encImageUrl(origin: string, seed: string, w: number, h: number, label = ""): string {
  return `${origin}/media/enc/${enc(seed)}.bin?w=${w}&h=${h}${label ? `&l=${enc(label)}` : ""}`;
}

export function coverUrl(origin: string, seed: string, ratio: string, label: string): string {
  const [rw, rh] = ratio.split("X").map(Number) as [number, number];
  const w = rw >= rh ? 480 : 270;
  return encImageUrl(origin, seed, w, Math.round((w * rh) / rw), label);
}

export function avatarUrl(origin: string, user: { id: number; avatar_url: string }): string {
  if (user.avatar_url) return user.avatar_url.startsWith("/") ? `${origin}${user.avatar_url}` : user.avatar_url;
  return encImageUrl(origin, `avatar-${user.id}`, 120, 120);
}

/** `media` column: `mp4:N` or `hls:N`. */
export function playUrl(origin: string, media: string): string {
  const [type, n] = media.split(":");
  const clip = Math.min(Math.max(Number(n) || 1, 1), CLIP_COUNT);
  return type === "hls" ? `${origin}/media/clips/hls-${clip}/index.m3u8` : `${origin}/media/clips/clip-${clip}.mp4`;
}

export function previewUrl(origin: string, media: string): string {
  return playUrl(origin, `mp4:${media.split(":")[1] ?? 1}`);
}

// Encrypted answers by URL: generating and encrypting is cheap, but feeds ask for the same covers often.
const MAX_CACHED = 500;
const cache = new Map<string, Uint8Array>();

export async function serveEncryptedImage(c: Context, mediaKey: string): Promise<Response> {
  const name = c.req.param("name") ?? "";
  const seed = name.replace(/\.bin$/, "");
  if (!seed || seed.length > 100) return c.text("not found", 404);
  const w = Math.min(Math.max(Number(c.req.query("w")) || 320, 16), 1200);
  const h = Math.min(Math.max(Number(c.req.query("h")) || 180, 16), 3200);
  // `l` (a label) is accepted for old addresses; the raster placeholder carries no text.
  const key = `${mediaKey}|${seed}|${w}|${h}`;
  let body = cache.get(key);
  if (!body) {
    // The IV comes from the address, so one address always answers the same bytes.
    const iv = new Uint8Array(createHash("sha256").update(key).digest().subarray(0, 16));
    body = await encryptImage(placeholderPng(seed, w, h), mediaKey, iv);
    cache.set(key, body);
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  }
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/octet-stream",
    "cache-control": "public, max-age=31536000, immutable",
    "access-control-allow-origin": "*",
  });
}

export function serveClip(c: Context): Response {
  const file = safeFile(CLIPS_DIR, c.req.path.slice("/media/clips".length));
  if (!file) return c.text("not found", 404);
  return sendFile(c, file, c.req.path, "public, max-age=86400");
}
