import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
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

/**
 * The app's policies for the build in `clientDir`: each page's own (its inline scripts and styles: every screen is a
 * prerendered page, decision 089) and a workers' one (no inline code). Read again when a page or the build's lines
 * changed (a new build), and kept per page otherwise.
 */
function appPoliciesOf(clientDir: string, configuredLines: string[]) {
  const versionFile = join(clientDir, "version.json");
  let linesKey = "";
  let lines = configuredLines;
  const pages = new Map<string, { key: string; policy: string }>();
  const statKey = (file: string) => {
    try {
      const stat = statSync(file);
      return `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return "";
    }
  };
  const currentLines = () => {
    const key = statKey(versionFile);
    if (key === linesKey) return lines;
    let built: unknown = [];
    try {
      built = (JSON.parse(readFileSync(versionFile, "utf8")) as { lines?: unknown }).lines ?? [];
    } catch {
      // A build without its lines: the app calls its own origin.
    }
    lines = [...(Array.isArray(built) ? built.map(String) : []), ...configuredLines];
    linesKey = key;
    pages.clear();
    return lines;
  };
  return {
    page(file: string): string {
      const all = currentLines();
      const key = statKey(file);
      const kept = pages.get(file);
      if (kept?.key === key) return kept.policy;
      let html = "";
      try {
        html = readFileSync(file, "utf8");
      } catch {
        // Gone since it was served: a policy without inline code.
      }
      const policy = appPolicy(html ? [html] : [], all);
      pages.set(file, { key, policy });
      return policy;
    },
    worker: () => appPolicy([], currentLines()),
  };
}

/** The page file each answered request served (set by the static files' handler), for its policy. */
export const servedPages = new WeakMap<Request, string>();

/** Where a script is fetched to run as a worker, which lives by the policy its own answer carries. */
const WORKER_DESTINATIONS = new Set(["worker", "sharedworker", "serviceworker"]);

/**
 * Adds the headers to every answer; the app's Content-Security-Policy to those that bring none of their own (the
 * cashier and the demo games bring theirs). `tls`: the gateway speaks HTTPS, so browsers are told to keep to it.
 */
export function securityHeaders(opts: { clientDir: string; lines: string[]; tls: boolean }): MiddlewareHandler {
  const policies = appPoliciesOf(opts.clientDir, opts.lines);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set("x-content-type-options", "nosniff");
    headers.set("x-frame-options", "DENY");
    headers.set("referrer-policy", "strict-origin-when-cross-origin");
    if (opts.tls) headers.set("strict-transport-security", "max-age=31536000");
    // Only a page or a worker's script lives by a policy: other answers go without one, since with every page's
    // hashes it came to kilobytes on each of them.
    if (headers.has("content-security-policy")) return;
    const type = headers.get("content-type") ?? "";
    const page = servedPages.get(c.req.raw);
    const destination = c.req.header("sec-fetch-dest");
    if (page && type.startsWith("text/html")) headers.set("content-security-policy", policies.page(page));
    else if (type.startsWith("text/javascript") && (!destination || WORKER_DESTINATIONS.has(destination))) headers.set("content-security-policy", policies.worker());
  };
}
