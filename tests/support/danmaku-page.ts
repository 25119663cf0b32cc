// Opens the bullet engine's test page (danmaku-entry.tsx) on a puppeteer page: bundled once per process with
// esbuild and served, with a placeholder clip, from a made-up origin through request interception (no server).
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "puppeteer";
import type { DanmakuItem } from "#app/components/video/danmaku/engine.ts";

const ROOT = resolve(import.meta.dirname, "../..");
export const DANMAKU_ORIGIN = "http://danmaku.test";

let bundle: Promise<{ js: string; css: string }> | undefined;

function bundleOnce() {
  bundle ??= build({
    entryPoints: [resolve(ROOT, "tests/support/danmaku-entry.tsx")],
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    outdir: "/danmaku-out",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"', "import.meta.env": "{}" },
    logLevel: "error",
  }).then((r) => ({
    js: r.outputFiles.find((f) => f.path.endsWith(".js"))!.text,
    css: r.outputFiles.find((f) => f.path.endsWith(".css"))?.text ?? "",
  }));
  return bundle;
}

/** Opens the page; `window.danmakuHarness` is ready when this resolves. */
export async function openDanmakuPage(page: Page) {
  const { js, css } = await bundleOnce();
  const clip = readFileSync(resolve(ROOT, "server/media/clips/clip-2.mp4"));
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<style>html{font-size:50px}body{margin:0;background:#111;color:#eee;font-size:16px}.stage{position:relative;width:100vw}.stage video{display:block;width:100%;aspect-ratio:16/9;background:#000}${css}</style>
</head><body><script src="/entry.js"></script></body></html>`;
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const path = new URL(request.url()).pathname;
    if (!request.url().startsWith(DANMAKU_ORIGIN)) return void request.abort();
    if (path === "/") return void request.respond({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    if (path === "/entry.js") return void request.respond({ status: 200, contentType: "text/javascript; charset=utf-8", body: js });
    // With ranges, or the media element cannot seek.
    if (path === "/clip.mp4") {
      const [, a, b] = /bytes=(\d+)-(\d*)/.exec(request.headers()["range"] ?? "") ?? [];
      const start = Number(a ?? 0);
      const end = b ? Number(b) : clip.length - 1;
      const headers = { "accept-ranges": "bytes", "content-range": `bytes ${start}-${end}/${clip.length}` };
      return void request.respond({ status: a === undefined ? 200 : 206, headers, contentType: "video/mp4", body: clip.subarray(start, end + 1) });
    }
    void request.respond({ status: 404, body: "" });
  });
  await page.goto(`${DANMAKU_ORIGIN}/`);
  await page.waitForFunction(() => Boolean(window.danmakuHarness));
}

const TEXTS = ["哈哈哈哈", "前方高能", "awsl", "这里好看", "233333", "第一次看到这个，太厉害了吧", "？？？", "名场面打卡", "来了来了", "好耶"];

/** `n` bullets spread over [from, to) seconds of the video, every tenth the member's own, some coloured. */
export function sampleBullets(n: number, from: number, to: number): DanmakuItem[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    time: from + ((to - from) * i) / n,
    content: TEXTS[i % TEXTS.length]!,
    color: i % 3 ? "#ffffff" : "#fe0302",
    own: i % 10 === 0 ? 1 : 0,
  }));
}
