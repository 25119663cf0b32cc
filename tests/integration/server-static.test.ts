import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { home } from "#gateway/api/index.ts";
import { precompressDir } from "#server/static/precompress.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// A stand-in for build/client, so these checks do not depend on an app build.
const clientDir = mkdtempSync(join(tmpdir(), "gw-client-"));
const INLINE = `window.__context = { ready: true };`;
const INDEX = `<!doctype html><html lang="zh-CN"><head><title>移动影音</title><script type="module" src="/assets/entry-Ab12Cd.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(200)}<script>${INLINE}</script></body></html>`;
mkdirSync(join(clientDir, "assets"));
writeFileSync(join(clientDir, "index.html"), INDEX);
// A page the build prerendered (/home: its HTML preloads the route's modules).
const HOME = `<!doctype html><html lang="zh-CN"><head><title>首页</title><link rel="modulepreload" href="/assets/home-Ab12Cd.js"/></head><body></body></html>`;
mkdirSync(join(clientDir, "home"));
writeFileSync(join(clientDir, "home/index.html"), HOME);
writeFileSync(join(clientDir, "assets/entry-Ab12Cd.js"), `console.log("app");`);
writeFileSync(join(clientDir, "sw.js"), `self.addEventListener("fetch", () => {});`);
writeFileSync(join(clientDir, "manifest.webmanifest"), JSON.stringify({ name: "移动影音", display: "standalone" }));
// The lines built into the app (vite.config.ts): the app may call them (decision 068).
writeFileSync(join(clientDir, "version.json"), JSON.stringify({ buildId: "test-build-42", lines: ["http://line-b.test:8080/"] }));
// A chunk large enough for the build to keep a brotli copy of (see precompress.ts).
const CHUNK = Array.from({ length: 200 }, (_, i) => `export const value${i} = "${"框架".repeat(i % 7)}${i}";`).join("\n");
writeFileSync(join(clientDir, "assets/framework-Zx98Yw.js"), CHUNK);

let gw: TestGateway;
let packed = 0;
beforeAll(async () => {
  packed = await precompressDir(clientDir);
  gw = await startTestGateway({ clientDir });
});
afterAll(async () => {
  await gw.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Raw GET through node:http: fetch would normalise `..` segments before they reach the server. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(gw.url);
  return new Promise((done, fail) => {
    const req = request({ host: url.hostname, port: url.port, path, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c));
      res.on("end", () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** Raw request through node:http: the body as sent, nothing unpacked. */
function rawRequest(path: string, headers: Record<string, string>, method = "GET"): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(gw.url);
  return new Promise((done, fail) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("serving the built app", () => {
  it("falls back to index.html for app paths, /ai/ included (the app renders its own 404)", async () => {
    for (const path of ["/", "/home/collect", "/my?tab=1", "/player?id=3", "/ai/anything", "/does/not/exist.html"]) {
      const res = await fetch(`${gw.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
      expect(await res.text(), path).toBe(INDEX);
    }
    const head = await fetch(`${gw.url}/setting`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toContain("text/html");
  });

  it("serves a prerendered page for its path, query strings and a trailing slash included", async () => {
    for (const path of ["/home", "/home?tab=hot", "/home/"]) {
      const res = await fetch(`${gw.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
      expect(await res.text(), path).toBe(HOME);
    }
    // The folder itself is not a file to send, and nothing else in it is served as the page.
    expect(await (await fetch(`${gw.url}/home/index.htm`)).text()).toBe(INDEX);
  });

  it("serves hashed assets immutable and the shell files revalidated", async () => {
    const asset = await fetch(`${gw.url}/assets/entry-Ab12Cd.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toContain("text/javascript");
    expect(await asset.text()).toBe(`console.log("app");`);
    for (const path of ["/sw.js", "/manifest.webmanifest", "/version.json"]) {
      const res = await fetch(`${gw.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
    expect((await fetch(`${gw.url}/manifest.webmanifest`)).headers.get("content-type")).toContain("application/manifest+json");
    // A stale tab asking for an asset of an old deployment gets a real 404, not the shell; so does any
    // missing file a browser or crawler asks for by habit.
    for (const path of ["/assets/entry-Old999.js", "/favicon.ico", "/robots.txt", "/apple-touch-icon-precomposed.png"]) {
      const res = await fetch(`${gw.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe("not found");
    }
    // Paths of the app's screens, query strings with dots included, still get the app.
    expect(await (await fetch(`${gw.url}/player?id=1&from=a.b`)).text()).toBe(INDEX);
  });

  it("compresses text it serves", async () => {
    const res = await fetch(`${gw.url}/my`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toBe(INDEX); // fetch inflates it
  });

  it("sends the build's brotli copy to a browser that takes brotli, and the plain file otherwise", async () => {
    // The chunk and index.html are worth packing; the small files are not.
    expect(packed).toBe(2);
    expect(existsSync(join(clientDir, "assets/entry-Ab12Cd.js.br"))).toBe(false);
    const copy = readFileSync(join(clientDir, "assets/framework-Zx98Yw.js.br"));
    expect(brotliDecompressSync(copy).toString()).toBe(CHUNK);

    const br = await rawRequest("/assets/framework-Zx98Yw.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["content-type"]).toContain("text/javascript");
    expect(Number(br.headers["content-length"])).toBe(copy.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(CHUNK);
    const head = await rawRequest("/assets/framework-Zx98Yw.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(copy.length);

    // Declined or not offered: gzip made on the fly, or the file as it is.
    for (const accept of ["gzip, br;q=0", "gzip"]) {
      const gz = await rawRequest("/assets/framework-Zx98Yw.js", { "accept-encoding": accept });
      expect(gz.headers["content-encoding"], accept).toBe("gzip");
      expect(gz.headers.vary, accept).toBe("Accept-Encoding");
    }
    const plain = await rawRequest("/assets/framework-Zx98Yw.js", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK);
    // A byte range is of the file itself, whatever the client takes.
    const range = await rawRequest("/assets/framework-Zx98Yw.js", { "accept-encoding": "br", range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.body.toString()).toBe(CHUNK.slice(0, 10));
    // Pages get their copy too (fetch unpacks it).
    const page = await fetch(`${gw.url}/my`, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(await page.text()).toBe(INDEX);
  });

  it("never sends a brotli copy that is not of the file as it is now", async () => {
    const file = join(clientDir, "sw.js");
    const script = `${"// a service worker edited after the build\n".repeat(40)}self.addEventListener("fetch", () => {});`;
    writeFileSync(file, script);
    // Newer than the file, and still wrong: one of the build before, then one that is not brotli at all.
    for (const copy of [brotliCompressSync(Buffer.from("self.skipWaiting();")), Buffer.from("not brotli")]) {
      writeFileSync(`${file}.br`, copy);
      const future = new Date(Date.now() + 60_000);
      utimesSync(`${file}.br`, future, future);
      const res = await fetch(`${gw.url}/sw.js`, { headers: { "accept-encoding": "br, gzip" } });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(await res.text()).toBe(script);
    }
    // A right copy is used, whatever its timestamp says.
    writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(script)));
    const past = new Date(statSync(file).mtimeMs - 60_000);
    utimesSync(`${file}.br`, past, past);
    const res = await fetch(`${gw.url}/sw.js`, { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(await res.text()).toBe(script);
  });

  it("never serves files outside the app folder", async () => {
    for (const path of ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/assets/..%2f..%2fgateway.sqlite"]) {
      const res = await rawGet(path);
      expect(res.body, path).not.toContain("root:");
      expect(res.body, path).not.toContain("SQLite");
    }
  });

  it("answers GETs on API paths with JSON, not the app shell", async () => {
    const known = await fetch(`${gw.url}/api/MvDetail/reportType`);
    expect(known.status).toBe(405);
    expect(await known.json()).toMatchObject({ errcode: 405 });
    const unknown = await fetch(`${gw.url}/api/nothing/here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ errcode: 404, msg: "not found: /api/nothing/here" });
  });

  it("reports the served build in getConfig", async () => {
    const config = await testClient(gw.url).send(home.getConfig, undefined);
    expect(config.build_id).toBe("test-build-42");
    expect(config.created_status_paths).toContain("/api/mvDetail/like");
  });

  it("sends headers a browser can lean on: the app's policy from the built index.html, no framing, a referrer policy", async () => {
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const page = await fetch(`${gw.url}/home/x`);
    const policy = page.headers.get("content-security-policy")!;
    const directives = Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));
    expect(directives["script-src"]).toEqual(["'self'", sha(INLINE)]);
    expect(directives).toMatchObject({ "object-src": ["'none'"], "base-uri": ["'none'"], "frame-ancestors": ["'none'"], "default-src": ["'self'"] });
    expect(directives["connect-src"]).toEqual(["'self'", "http://line-b.test:8080"]);
    expect(directives["img-src"]).toEqual(expect.arrayContaining(["'self'", "blob:", "data:", "http://line-b.test:8080"]));
    expect(directives["media-src"]).toEqual(expect.arrayContaining(["'self'", "blob:", "http://line-b.test:8080"]));
    expect(policy).not.toContain("unsafe-inline");
    for (const answer of [page, await fetch(`${gw.url}/media/placeholder/x.svg`), await fetch(`${gw.url}/api/nope`, { method: "POST" })]) {
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
      expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      // Plain HTTP: a browser would ignore it, and this gateway cannot promise HTTPS.
      expect(answer.headers.get("strict-transport-security")).toBeNull();
    }
    // A new build's inline scripts are read when its index.html changes: nothing to copy by hand.
    const next = INDEX.replace(INLINE, "window.__context = { ready: false };");
    writeFileSync(join(clientDir, "index.html"), next);
    try {
      expect((await fetch(`${gw.url}/home/x`)).headers.get("content-security-policy")).toContain(sha("window.__context = { ready: false };"));
    } finally {
      writeFileSync(join(clientDir, "index.html"), INDEX);
    }
  });

  it("serves neutral generated placeholders", async () => {
    const res = await fetch(`${gw.url}/media/placeholder/cover-1.svg?w=320&h=180&label=${encodeURIComponent("封面 <1>")}`);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain("封面 &#60;1&#62;");
    expect(svg).not.toMatch(/<image|<script/);
  });
});
