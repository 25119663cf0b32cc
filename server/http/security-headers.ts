import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import type { MiddlewareHandler } from "hono";

// Headers a member's browser can lean on (decision 068): every answer of the gateway says it may not be framed, how
// much of its address to pass on, not to sniff types, and (over TLS) to come back over TLS only. Its pages carry a
// Content-Security-Policy: the app's allows scripts from its own origin and the inline scripts the build emitted
// (their hashes, read from the built pages at start and after a new build), and nothing runs that a sanitizer let
// through.

const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The hashes of a page's inline `<script>` and `<style>` elements, as CSP source expressions. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const of = (tag: string, skip?: RegExp) =>
    [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "gi"))].filter(([, attrs]) => !skip?.test(attrs!)).map(([, , body]) => hash(body!));
  // A script with `src` is the origin's file: its (empty) text is not run.
  return { scripts: [...new Set(of("script", /\bsrc=/i))], styles: [...new Set(of("style"))] };
}

/**
 * The policy of a self-contained gateway page (the sandbox cashier, a demo game): its own inline script and style,
 * and what `extra` allows (`connect-src 'self'`, `form-action …`); nothing else.
 */
export function pagePolicy(html: string, extra: string[] = []): string {
  const { scripts, styles } = inlineHashes(html);
  return [
    "default-src 'none'",
    `script-src ${scripts.join(" ") || "'none'"}`,
    `style-src ${styles.join(" ") || "'none'"}`,
    ...extra,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The app's policy: its files from its own origin, the build's inline scripts by hash; calls, images and media
 * from its own origin and the lines built into it (`version.json`) or configured on the gateway; images and media
 * also from `blob:` (decrypted images, hls.js's MediaSource) and images from `data:`.
 */
export function appPolicy(pages: string[], lines: string[]): string {
  const hashes = pages.map(inlineHashes);
  const [scripts, styles] = (["scripts", "styles"] as const).map((kind) => [...new Set(hashes.flatMap((h) => h[kind]))]) as [string[], string[]];
  const origins = [...new Set(lines.flatMap((line) => (URL.canParse(line) ? [new URL(line).origin] : [])))].join(" ");
  const from = (...sources: string[]) => ["'self'", ...sources, origins].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(" ")}`.trim(),
    `style-src ${from(...styles)}`,
    `connect-src ${from()}`,
    `img-src ${from("blob:", "data:")}`,
    `media-src ${from("blob:")}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The build's pages: index.html and the pages it prerendered (`home/index.html`), each with inline scripts of its own. */
function builtPages(clientDir: string): string[] {
  const pages = readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html") && !file.startsWith(`assets${sep}`));
  return pages.map((page) => readFileSync(join(clientDir, page), "utf8"));
}

/** The app's policy for the build in `clientDir`, read again (`recheck`) when its index.html changed (a new build). */
function appPolicyOf(clientDir: string, configuredLines: string[]): (recheck: boolean) => string {
  const index = join(clientDir, "index.html");
  let key = "";
  let policy = appPolicy([], configuredLines);
  return (recheck) => {
    if (!recheck && key) return policy;
    let stat;
    try {
      stat = statSync(index);
    } catch {
      return policy;
    }
    const now = `${stat.size}:${stat.mtimeMs}`;
    if (now === key) return policy;
    let built: string[] = [];
    try {
      built = ((JSON.parse(readFileSync(join(clientDir, "version.json"), "utf8")) as { lines?: unknown }).lines as string[] | undefined) ?? [];
    } catch {
      // A build without its lines: the app calls its own origin.
    }
    policy = appPolicy(builtPages(clientDir), [...(Array.isArray(built) ? built.map(String) : []), ...configuredLines]);
    key = now;
    return policy;
  };
}

/**
 * Adds the headers to every answer; the app's Content-Security-Policy to those that bring none of their own (the
 * cashier and the demo games bring theirs). `tls`: the gateway speaks HTTPS, so browsers are told to keep to it.
 */
export function securityHeaders(opts: { clientDir: string; lines: string[]; tls: boolean }): MiddlewareHandler {
  const policy = appPolicyOf(opts.clientDir, opts.lines);
  policy(true);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set("x-content-type-options", "nosniff");
    headers.set("x-frame-options", "DENY");
    headers.set("referrer-policy", "strict-origin-when-cross-origin");
    if (opts.tls) headers.set("strict-transport-security", "max-age=31536000");
    // Only a page (or a worker's script) lives by the policy; the build is looked at again when one is served.
    if (!headers.has("content-security-policy")) headers.set("content-security-policy", policy(/^text\/(html|javascript)/.test(headers.get("content-type") ?? "")));
  };
}
