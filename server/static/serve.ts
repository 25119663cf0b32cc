import { createReadStream, existsSync, readFileSync, statSync, type Stats } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { brotliDecompressSync } from "node:zlib";
import type { Context } from "hono";
import { servedPages } from "../http/security-headers.ts";
import { PRECOMPRESSED } from "./precompress.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".ts": "video/mp2t",
  ".m4s": "video/iso.segment",
};

/** Resolves a URL path inside `root`, or null when it escapes it or is not a file. */
export function safeFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const base = resolve(root);
  const file = resolve(join(base, normalize(decoded)));
  if (file !== base && !file.startsWith(base + sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

function cacheControl(urlPath: string): string {
  // Vite's hashed assets never change; everything else must be revalidated so a deployment is seen.
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  return "no-cache";
}

const checkedCopies = new Map<string, { key: string; ok: boolean }>();

/**
 * The build's brotli copy of `file` (`<file>.br`, see precompress.ts), sent whole to a client that takes
 * brotli. A copy is used only once it has been checked to unpack to the file itself (again whenever either
 * changes): a build copied without its timestamps, or a file edited after the build, must not get a stale copy.
 */
function brotliCopy(file: string, source: Stats): { file: string; size: number } | null {
  if (!PRECOMPRESSED.has(extname(file).toLowerCase())) return null;
  const path = `${file}.br`;
  let copy: Stats;
  try {
    copy = statSync(path);
  } catch {
    return null;
  }
  if (!copy.isFile()) return null;
  const key = `${source.size}:${source.mtimeMs}:${copy.size}:${copy.mtimeMs}`;
  let checked = checkedCopies.get(file);
  if (checked?.key !== key) {
    let ok = false;
    try {
      ok = brotliDecompressSync(readFileSync(path)).equals(readFileSync(file));
    } catch {
      // Not brotli at all: the plain file it is.
    }
    checked = { key, ok };
    checkedCopies.set(file, checked);
  }
  return checked.ok ? { file: path, size: copy.size } : null;
}

/** Whether an Accept-Encoding header takes `br` (named without `q=0`). */
export function takesBrotli(header: string | undefined): boolean {
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    if (name !== "br") continue;
    const q = params.find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Serves a file with its type, length, cache policy, and byte ranges (video seeking). */
export function sendFile(c: Context, file: string, urlPath: string, cache = cacheControl(urlPath)) {
  const stat = statSync(file);
  const type = TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
  const headers: Record<string, string> = {
    "content-type": type,
    "cache-control": cache,
    "last-modified": stat.mtime.toUTCString(),
    "accept-ranges": "bytes",
    "x-content-type-options": "nosniff",
  };
  const range = c.req.header("range")?.match(/^bytes=(\d*)-(\d*)$/);
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, stat.size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), stat.size - 1) : stat.size - 1;
    if (start > end || start >= stat.size) {
      return c.body(null, 416, { ...headers, "content-range": `bytes */${stat.size}` });
    }
    headers["content-range"] = `bytes ${start}-${end}/${stat.size}`;
    headers["content-length"] = String(end - start + 1);
    if (c.req.method === "HEAD") return c.body(null, 206, headers);
    return c.body(Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream, 206, headers);
  }
  const copy = brotliCopy(file, stat);
  // Caches must keep the two encodings apart.
  if (copy) headers.vary = "Accept-Encoding";
  const packed = copy && takesBrotli(c.req.header("accept-encoding")) ? copy : null;
  if (packed) headers["content-encoding"] = "br";
  headers["content-length"] = String(packed ? packed.size : stat.size);
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  return c.body(Readable.toWeb(createReadStream(packed?.file ?? file)) as ReadableStream, 200, headers);
}

/**
 * The built SPA: real files as they are, any other path gets index.html (the app renders its own 404). A
 * missing file other than a page (`/favicon.ico`, `/robots.txt`) is a plain 404 rather than the app.
 */
export function serveApp(c: Context, clientDir: string) {
  const urlPath = new URL(c.req.url).pathname;
  const file = safeFile(clientDir, urlPath);
  // A page asked for by its file's name: the service worker's precache.
  if (file) return file.endsWith(".html") ? sendPage(c, file, urlPath) : sendFile(c, file, urlPath);
  const page = safeFile(clientDir, join(urlPath, "index.html"));
  if (page) return sendPage(c, page);
  const index = join(clientDir, "index.html");
  if (!existsSync(index)) {
    return c.text("应用尚未构建：请先运行 npm run build（或 npm start）。\nThe app is not built: run `npm run build`.", 503);
  }
  // A missing hashed asset is a real 404 (an old tab after a deployment), not the app shell. The app's
  // routes have no extensions: a path with one asked for a file, and only an old page link gets the app.
  const ext = extname(urlPath).toLowerCase();
  if (urlPath.startsWith("/assets/") || (ext && ext !== ".html" && ext !== ".htm")) return c.text("not found", 404);
  return sendPage(c, index);
}

/** A page of the app, with the Content-Security-Policy of its own inline code (security-headers.ts). */
function sendPage(c: Context, file: string, urlPath = "/index.html") {
  servedPages.set(c.req.raw, file);
  return sendFile(c, file, urlPath);
}
