import type { Context } from "hono";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { encryptImage } from "#gateway/image-cipher.ts";
import { clock } from "#server/clock.ts";
import type { DB } from "#server/db/index.ts";
import { GRANT_TTL_MS, grantIsValid, grantQuery } from "#server/media/grants.ts";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { HIDDEN_BY_REPORTS, REMOVED, TAKEN_DOWN } from "#server/community/report-review.ts";
import type { ContentStore } from "#server/ingest/store.ts";
import { isStoredRef, parseStoredRef, storedImageUrl } from "#server/ingest/stored-files.ts";
import { safeFile, sendFile } from "#server/static/serve.ts";

/** Committed placeholder clips (scripts/make-clips.sh): clip-N.mp4 and hls-N/master.m3u8 with its renditions, N = 1..3; served per item only. */
export const CLIPS_DIR = join(import.meta.dirname, "../media/clips");
export const CLIP_COUNT = 3;

const enc = (s: string) => encodeURIComponent(s);

/** Address of an encrypted image (docs/protocol.md §7): a generated placeholder's, or a stored file's public one (decision 084). */
export function encImageUrl(origin: string, seed: string, w: number, h: number, label = ""): string {
  if (isStoredRef(seed)) return storedImageUrl(origin, seed);
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

/** Where an item's video is: `0`, `1`… its videos in order (a video item has one), `preview` a video's free preview. */
export type VideoSlot = number | "preview";

/** A signed address's holder (decision 067): given only to a caller who may play the item. */
export interface VideoGrant {
  secret: string;
  uid: number;
}

/**
 * The address of one of item `itemId`'s videos, whose `media` is `mp4:N`, `hls:N` or an ingested video's stored
 * master (`file:<key>/hls/master.m3u8`, decision 085) (docs/protocol.md §7): public
 * for a free item, signed with `grant` for a paid one. The expiry is rounded up to 10 minutes, so a detail asked for
 * again soon gives the same address (the player keeps its place, the browser its cache).
 */
export function videoUrl(origin: string, itemId: number, slot: VideoSlot, media: string, grant?: VideoGrant, now = clock.now()): string {
  const file = slot === "preview" || media.startsWith("hls:") || isStoredRef(media) ? "master.m3u8" : "video.mp4";
  const address = `${origin}/media/video/${itemId}/${slot}/${file}`;
  if (!grant) return address;
  const expires = Math.ceil((now + GRANT_TTL_MS) / 600_000) * 600;
  return `${address}?${grantQuery(grant.secret, videoSubject(itemId), grant.uid, expires)}`;
}

const videoSubject = (itemId: number) => `video/${itemId}`;

/**
 * Whether an item's video addresses are signed: when it is sold, and when reports hid it (decision 073), since only
 * its author may see it then and a public address would play for anyone who guesses it (decision 078), and when it
 * was taken down (decision 084): only its buyers play it.
 */
export const signedMedia = (sold: boolean, hidden: number) => sold || Number(hidden) === HIDDEN_BY_REPORTS || Number(hidden) === TAKEN_DOWN;

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

/** How many segments of a video's HLS playlist its preview plays (2 s each). */
export const PREVIEW_SEGMENTS = 1;

interface MediaRow {
  kind: string;
  media: string;
  coins: number;
  vip_free: number;
  description: string;
  body: string;
  hidden: number;
}

/** The `data-media` of each `<video>` of stored HTML, in order (an article's, `addressed` in server/news/articles.ts). */
const videosIn = (html: string) => [...html.matchAll(/<video\b[^>]*>/g)].map((m) => /\bdata-media="([^"]*)"/.exec(m[0])?.[1] ?? "");

/** An item's videos in slot order, and whether each is sold: a video's own, a post's seeded clip, an article's. */
function videosOf(row: MediaRow): { media: string; paid: boolean }[] {
  if (row.kind === "video") return [{ media: row.media, paid: row.coins > 0 || row.vip_free > 0 }];
  // Posts are not sold; an uploaded video (a path) is served from /uploads/.
  if (row.kind === "post") return /^(mp4|hls):/.test(row.media) ? [{ media: row.media, paid: false }] : [];
  // An article's free part is its description; the rest is sold when the article is.
  if (row.kind === "news") return [...videosIn(row.description).map((media) => ({ media, paid: false })), ...videosIn(row.body).map((media) => ({ media, paid: row.coins > 0 }))];
  return [];
}

const clipOf = (media: string) => Math.min(Math.max(Number(media.split(":")[1]) || 1, 1), CLIP_COUNT);

/** The renditions of each placeholder clip's HLS (scripts/make-clips.sh), best first: a folder each under hls-N/. */
export const RENDITIONS = ["540p", "270p"] as const;

/**
 * A playlist with every address in it (a master's variant playlists; a media playlist's init section and segments)
 * carrying `query`, so hls.js and Safari, which resolve them against the playlist's address without its query, fetch
 * them with the grant. With `limit`, a media playlist keeps only its first `limit` segments.
 */
export function signedPlaylist(text: string, query: string, limit = Infinity): string {
  const withQuery = (uri: string) => (query ? `${uri}?${query}` : uri);
  const out: string[] = [];
  let segments = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("#EXTINF") && segments >= limit) {
      out.push("#EXT-X-ENDLIST", "");
      break;
    }
    if (line.startsWith("#EXT-X-MAP:")) out.push(line.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${withQuery(uri)}"`));
    else if (line && !line.startsWith("#")) {
      if (line.endsWith(".m4s")) segments++;
      out.push(withQuery(line));
    } else out.push(line);
  }
  return out.join("\n");
}

const PLAYLIST = "application/vnd.apple.mpegurl";

/**
 * Where an HLS video's files are: a committed clip's folder, or an ingested video's stored folder (decision 085),
 * whose renditions its own master names and whose preview length the ingest wrote beside it.
 */
interface HlsSource {
  /** A local file for a path inside the HLS folder (`master.m3u8`, `540p/seg-0.m4s`), or null. */
  file(path: string): Promise<string | null>;
  renditions(): Promise<readonly string[]>;
  previewSegments(): Promise<number>;
}

/** The file an ingest writes beside an HLS master: how many segments the video's preview plays. */
export const PREVIEW_SEGMENTS_FILE = "preview-segments.txt";

/** The variant folders a master playlist names (`540p/index.m3u8` → `540p`). */
export const renditionsIn = (master: string) => [...master.matchAll(/^([\w-]+)\/index\.m3u8$/gm)].map((m) => m[1]!);

function hlsSource(media: string, store: ContentStore): HlsSource | null {
  const stored = parseStoredRef(media);
  if (stored) {
    if (!stored.path.endsWith("/master.m3u8")) return null;
    const base = stored.path.slice(0, -"master.m3u8".length);
    const file = (path: string) => store.resolve(stored.key, `${base}${path}`);
    const text = async (path: string) => {
      const found = await file(path);
      return found ? readFileSync(found, "utf8") : "";
    };
    return {
      file,
      renditions: async () => renditionsIn(await text("master.m3u8")),
      previewSegments: async () => Number((await text(PREVIEW_SEGMENTS_FILE)).trim()) || PREVIEW_SEGMENTS,
    };
  }
  if (!media.startsWith("hls:")) return null;
  const dir = join(CLIPS_DIR, `hls-${clipOf(media)}`);
  return { file: async (path) => safeFile(dir, path), renditions: async () => RENDITIONS, previewSegments: async () => PREVIEW_SEGMENTS };
}

/**
 * GET /media/video/:id/:slot/:file and /media/video/:id/:slot/:rendition/:file: one of an item's videos
 * (`video.mp4`, or the HLS `master.m3u8` naming one `<rendition>/index.m3u8` per rendition, each with its
 * `init.mp4` and `seg-N.m4s`): a committed clip's, or an ingested video's from the content store. A free item's
 * answer anyone; a sold one's, or one of an item hidden by reports, only with a valid grant on the item, 403
 * otherwise (decisions 067, 078). A video's preview is public and holds the first segments of every rendition only
 * (`PREVIEW_SEGMENTS` of a clip, what the ingest chose for a stored video); a hidden item has none.
 */
export async function serveVideo(c: Context, db: DB, secret: string, store: ContentStore): Promise<Response> {
  const id = Number(c.req.param("id"));
  const slot = c.req.param("slot") ?? "";
  const rendition = c.req.param("rendition");
  const file = c.req.param("file") ?? "";
  if (!Number.isSafeInteger(id) || id < 1 || !/^(\d{1,2}|preview)$/.test(slot)) return c.text("not found", 404);
  if (rendition !== undefined && !/^[\w-]{1,16}$/.test(rendition)) return c.text("not found", 404);
  const row = await db.get<MediaRow>("SELECT kind, media, coins, vip_free, description, body, hidden FROM items WHERE id = ?", [id]);
  // An item an operator removed after reports (decision 073) is played by nobody.
  const videos = row && Number(row.hidden) !== REMOVED ? videosOf(row) : [];
  const preview = slot === "preview";
  // A hidden or taken-down video has no preview: only its author or its buyers play it, with a grant.
  const hidden = Number(row?.hidden) === HIDDEN_BY_REPORTS || Number(row?.hidden) === TAKEN_DOWN;
  const first = videos[0]?.media ?? "";
  const previewOf = isStoredRef(first) ? first : `hls:${clipOf(first)}`;
  const video = preview ? (row?.kind === "video" && videos.length && !hidden ? { media: previewOf, paid: false } : undefined) : videos[Number(slot)];
  if (!video) return c.text("not found", 404);
  const signed = signedMedia(video.paid, row!.hidden);
  const query = new URL(c.req.url).search.slice(1);
  const granted = signed && grantIsValid(secret, videoSubject(id), (name) => c.req.query(name));
  if (signed && !granted) return c.text("forbidden", 403);
  const expires = Number(c.req.query("e")) * 1000;
  const cache = granted ? `private, max-age=${Math.max(0, Math.min(3600, Math.floor((expires - clock.now()) / 1000)))}` : "public, max-age=3600";
  const hls = hlsSource(video.media, store);
  if (rendition === undefined && file === "video.mp4" && !hls && !isStoredRef(video.media)) return sendFile(c, join(CLIPS_DIR, `clip-${clipOf(video.media)}.mp4`), c.req.path, cache);
  const inRendition = file === "index.m3u8" || file === "init.mp4" || /^seg-\d{1,5}\.m4s$/.test(file);
  if (!hls || (rendition === undefined ? file !== "master.m3u8" : !inRendition)) return c.text("not found", 404);
  if (rendition !== undefined && !(await hls.renditions()).includes(rendition)) return c.text("not found", 404);
  const limit = preview ? await hls.previewSegments() : Infinity;
  if (file.endsWith(".m4s") && Number(/\d+/.exec(file)![0]) >= limit) return c.text("not found", 404);
  const path = await hls.file(rendition === undefined ? file : `${rendition}/${file}`);
  if (!path) return c.text("not found", 404);
  if (!file.endsWith(".m3u8")) return sendFile(c, path, c.req.path, cache);
  const text = signedPlaylist(readFileSync(path, "utf8"), granted ? grantOnly(query) : "", limit);
  const headers = { "content-type": PLAYLIST, "cache-control": cache, "x-content-type-options": "nosniff" };
  return c.req.method === "HEAD" ? c.body(null, 200, headers) : c.body(text, 200, headers);
}

/** The grant's fields of a query, in order, and nothing else a caller added. */
function grantOnly(query: string): string {
  const q = new URLSearchParams(query);
  return ["u", "e", "s"].map((k) => `${k}=${encodeURIComponent(q.get(k) ?? "")}`).join("&");
}
