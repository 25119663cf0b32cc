import { createReadStream, existsSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";

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
  headers["content-length"] = String(stat.size);
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200, headers);
}

/**
 * The built SPA: real files as they are, any other path gets index.html (the app renders its own 404). A
 * missing file other than a page (`/favicon.ico`, `/robots.txt`) is a plain 404 rather than the app.
 */
export function serveApp(c: Context, clientDir: string) {
  const urlPath = new URL(c.req.url).pathname;
  const file = safeFile(clientDir, urlPath);
  if (file) return sendFile(c, file, urlPath);
  const page = safeFile(clientDir, join(urlPath, "index.html"));
  if (page) return sendFile(c, page, "/index.html");
  const index = join(clientDir, "index.html");
  if (!existsSync(index)) {
    return c.text("应用尚未构建：请先运行 npm run build（或 npm start）。\nThe app is not built: run `npm run build`.", 503);
  }
  // A missing hashed asset is a real 404 (an old tab after a deployment), not the app shell. The app's
  // routes have no extensions: a path with one asked for a file, and only an old page link gets the app.
  const ext = extname(urlPath).toLowerCase();
  if (urlPath.startsWith("/assets/") || (ext && ext !== ".html" && ext !== ".htm")) return c.text("not found", 404);
  return sendFile(c, index, "/index.html");
}
