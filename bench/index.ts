// npm run bench — prints figures; it asserts nothing. Targets are printed beside the figures.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { configFromEnv } from "#gateway/config.ts";
import { jsCrypto } from "#gateway/crypto-js.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import type { CryptoBackend } from "#gateway/crypto.ts";
import { encodeRequestBody, openResponse, sealRequest, sealResponse } from "#gateway/envelope.ts";
import { buildIdentity, createOAuthId } from "#gateway/identity.ts";
import { benchApp } from "./app.ts";
import { benchFailoverBrowser } from "./failover-browser.ts";
import { benchPaymentCallbacks } from "./payments.ts";
import { benchCircleFeed } from "./circle-feed.ts";
import { benchNovelNextChapter } from "./novel-next-chapter.ts";
import { benchComicEpisode } from "./comic-episode.ts";
import { benchUpload } from "./upload.ts";
import { benchRouteChunks } from "./route-chunks.ts";
import { benchDanmaku } from "./danmaku.ts";
import { benchPlayer } from "./player.ts";
import { benchScreens } from "./screens.ts";
import { benchIngestBooks } from "./ingest-books.ts";
import { benchIngestVideo } from "./ingest-video.ts";

const ROOT = resolve(import.meta.dirname, "..");
const keys = configFromEnv({});
const line = (label: string, value: string, target = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   (${target})` : ""}`);

function body100k(): Record<string, unknown> {
  const list = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `占位视频标题 ${i}`, cover: `/media/placeholder/${i}.svg`, tags: ["标签一", "标签二"], views: i * 1234, description: "示例描述文字".repeat(20) }));
  return { status: 200, msg: "ok", data: { list } };
}

function timeIt(fn: () => void, minMs = 1500): { opsPerSec: number; msPerOp: number } {
  for (let i = 0; i < 3; i++) fn();
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    fn();
    n++;
  }
  const ms = (performance.now() - t0) / n;
  return { opsPerSec: 1000 / ms, msPerOp: ms };
}

function benchNode() {
  console.log("\nProtocol, 100 KB response body, Node");
  const payload = body100k();
  const bytes = Buffer.byteLength(JSON.stringify(payload));
  line("body size", `${(bytes / 1024).toFixed(1)} KB`);
  const results: Record<string, number> = {};
  for (const backend of [nodeCrypto, jsCrypto] as CryptoBackend[]) {
    const env = sealResponse(payload as never, keys, backend, 0, 1700000000);
    const r = timeIt(() => {
      const e = sealResponse(payload as never, keys, backend, 0, 1700000000);
      openResponse(e, keys, backend);
    });
    results[backend.name] = r.msPerOp;
    line(`${backend.name} encode+decode`, `${r.msPerOp.toFixed(2)} ms/op`, `${((bytes * 2) / 1048576 / (r.msPerOp / 1000)).toFixed(1)} MB/s`);
    if (backend === jsCrypto) {
      const same = sealResponse(payload as never, keys, nodeCrypto, 0, 1700000000);
      line("crypto-js output identical to node:crypto", same.data === env.data && same.sign === env.sign ? "yes" : "NO");
    }
  }
  line("node:crypto speed-up, whole envelope", `${(results["crypto-js"]! / results["node:crypto"]!).toFixed(1)}×`, "target ≈30×");
  // The cipher alone, without the JSON work both backends share.
  const text = JSON.stringify(payload);
  const cipher = (backend: CryptoBackend) =>
    timeIt(() => backend.decrypt(backend.encrypt(text, keys.aesKey, keys.aesIv), keys.aesKey, keys.aesIv)).msPerOp;
  const nodeMs = cipher(nodeCrypto);
  const jsMs = cipher(jsCrypto);
  line("node:crypto speed-up, cipher alone", `${(jsMs / nodeMs).toFixed(1)}×`, `${nodeMs.toFixed(2)} vs ${jsMs.toFixed(1)} ms`);
}

async function benchBrowser() {
  console.log("\nProtocol, 100 KB response body, browser main thread at 4× CPU throttling");
  let puppeteer: typeof import("puppeteer").default;
  try {
    puppeteer = (await import("puppeteer")).default;
  } catch {
    line("skipped", "no puppeteer");
    return;
  }
  const outDir = mkdtempSync(join(tmpdir(), "gw-bench-"));
  const { startServer } = await import("#server/start.ts");
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-data-"));
  try {
    await build({ root: join(ROOT, "bench/browser"), configFile: false, logLevel: "error", build: { outDir, emptyOutDir: true } });
    const server = await startServer({ port: 0, host: "127.0.0.1", dataDir, clientDir: outDir });
    const browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/index.html`);
      await page.waitForFunction(() => window.benchReady);
      const session = await page.createCDPSession();
      await session.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      const env = sealResponse(body100k() as never, keys, nodeCrypto);
      const hex = env.data;
      const runs = 15;
      const inline: number[] = [];
      const worker: { mainThreadMs: number; wallMs: number }[] = [];
      for (let i = 0; i < runs; i++) {
        inline.push(await page.evaluate((h, k, v) => window.benchInline(h, k, v), hex, keys.aesKey, keys.aesIv));
        worker.push(await page.evaluate((e, k) => window.benchWorker(e, k), env, { aesKey: keys.aesKey, aesIv: keys.aesIv, signSecret: keys.signSecret }));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      line("crypto-js inline, main thread", `${median(inline).toFixed(1)} ms`, "≈50 ms expected");
      line("worker path, main thread", `${median(worker.map((w) => w.mainThreadMs)).toFixed(1)} ms`, "target ≤ 10 ms");
      line("worker path, wall clock", `${median(worker.map((w) => w.wallMs)).toFixed(1)} ms`);
      await session.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      console.log("\nEncrypted images, WebCrypto in the worker (no throttling)");
      for (const size of [30 * 1024, 200 * 1024]) {
        const r = await page.evaluate((k, n, b) => window.benchImages(k, n, b), keys.mediaKey, 200, size);
        line(`${size / 1024} KB images`, `${r.imagesPerSec.toFixed(0)} img/s`, `${r.mbPerSec.toFixed(1)} MB/s, main thread ${r.mainThreadMs.toFixed(1)} ms for 200`);
      }
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

/** `npm run serve` as its own process on a free port; resolves with its URL once it listens. */
async function serveProcess(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout!.on("data", (c: Buffer) => c.toString().includes("listening") && ready());
    child.once("exit", () => fail(new Error("server exited")));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => void child.kill("SIGTERM"), kill: () => new Promise<void>((done) => (child.once("exit", () => done()), child.kill("SIGKILL"))) };
}

async function benchCalls(label: string, env: Record<string, string>) {
  console.log(`\nGateway calls per second on loopback (server in its own process, ${label})`);
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-calls-"));
  const server = await serveProcess({ DATA_DIR: dataDir, ...env });
  try {
    const identity = { ...buildIdentity({ oauthId: createOAuthId() }) };
    const run = (title: string, path: string, body: string, target = "") =>
      new Promise<void>((done) => {
        autocannon({ url: `${server.url}${path}`, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body, connections: 32, duration: 6 }, (err, result) => {
          if (err) line(title, `error: ${err.message}`);
          else {
            const ok = result.non2xx === 0 && result.errors === 0;
            line(`${title} req/s`, result.requests.average.toFixed(0), target);
            line(`${title} latency p50 / p99`, `${result.latency.p50} / ${result.latency.p99} ms`);
            if (!ok) line(`${title} failures`, `${result.non2xx} non-2xx, ${result.errors} errors`);
          }
          done();
        });
      });
    const sealed = (fields: Record<string, unknown>) => encodeRequestBody(sealRequest({ ...identity, ...fields }, keys, nodeCrypto));
    // Sealed once: the timestamp stays valid for the 5-minute window. The notice list is kept for 5 s
    // (Handler.cacheMs), so it measures the envelope and the answer cache; the video feed reads the database
    // on every call (20 videos with the caller's flags, and the count).
    await run("encrypted 20-item list (/api/system/notice)", "/api/system/notice", sealed({ page: 1, limit: 20 }), "target ≥ 5 000 on SQLite");
    await run("20-video feed from the database (/api/mv/list)", "/api/mv/list", sealed({ page: 1, limit: 20 }));
    await run("ping", "/?ping", "mod=ping&code=bench");
    // A first screen's covers: generated (a placeholder PNG each), encrypted and cached on first asking.
    const covers = async (round: string) => {
      const t0 = performance.now();
      const sizes = await Promise.all(Array.from({ length: 12 }, (_, i) => fetch(`${server.url}/media/enc/bench-${round}-${i}.bin?w=480&h=270`).then((r) => r.arrayBuffer())));
      return { ms: performance.now() - t0, bytes: sizes.reduce((sum, b) => sum + b.byteLength, 0) / sizes.length };
    };
    const cold = await covers("a");
    line("12 covers asked at once, first time: all in", `${cold.ms.toFixed(0)} ms`, `${(cold.bytes / 1024).toFixed(1)} KB each`);
    await covers("b");
    line("the same 12 again (cached): all in", `${(await covers("b")).ms.toFixed(0)} ms`);
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 100 concurrent buys of one video by one member, alternating between two gateway processes on one database. */
async function benchConcurrentBuys(label: string, env: Record<string, string>) {
  console.log(`\nMoney under concurrency (${label})`);
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-buys-"));
  const first = await serveProcess({ DATA_DIR: dataDir, ...env });
  const second = await serveProcess({ DATA_DIR: dataDir, ...env });
  try {
    const { GatewayClient } = await import("#gateway/client.ts");
    const { accounts, video } = await import("#gateway/api/index.ts");
    const { DEMO_LOCKED_VIDEO_ID } = await import("#server/content/seed.ts");
    const { DEMO_MEMBER } = await import("#server/seed/index.ts");
    const oauthId = createOAuthId();
    let token = "";
    const client = (url: string) => new GatewayClient({ config: configFromEnv({}, { lines: [url] }), crypto: nodeCrypto, identity: () => buildIdentity({ oauthId, token }) });
    const [a, b] = [client(first.url), client(second.url)];
    token = (await a.send(accounts.loginByPassword, { phone: DEMO_MEMBER.phone, password: DEMO_MEMBER.password })).token;
    const before = (await a.send(accounts.userInfo, undefined)).coins;
    const t0 = performance.now();
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? b : a).send(video.buyWithCoins, { id: DEMO_LOCKED_VIDEO_ID, request_id: `bench-${i}` })));
    const ms = performance.now() - t0;
    const after = (await b.send(accounts.userInfo, undefined)).coins;
    const charged = outcomes.filter((o) => o.ok && o.data?.charged === 1).length;
    const failed = outcomes.filter((o) => !o.ok).length;
    line("100 concurrent buys, 2 processes: charges", String(charged), "exactly 1");
    line("coins taken", String(before - after), `one price; ${failed} calls failed`);
    line("all 100 answered in", `${ms.toFixed(0)} ms`);
  } finally {
    first.stop();
    second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Failover (docs/protocol.md §5): two processes on one database, a client reading from the first; the first is
 * killed, and the time until the next successful answer (from the second) is measured. The node client is what
 * the CLI runs.
 */
async function benchFailover() {
  console.log("\nFailover: the base line dies mid-session (node client, as the CLI runs it)");
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-failover-"));
  const { GatewayClient } = await import("#gateway/client.ts");
  const { home } = await import("#gateway/api/index.ts");
  const times: number[] = [];
  try {
    for (let run = 0; run < 5; run++) {
      const [a, b] = [await serveProcess({ DATA_DIR: dataDir }), await serveProcess({ DATA_DIR: dataDir })];
      const identity = buildIdentity({ oauthId: createOAuthId() });
      const client = new GatewayClient({ config: configFromEnv({}, { lines: [a.url, b.url] }), crypto: nodeCrypto, identity: () => identity });
      for (let i = 0; i < 5; i++) await client.send(home.list, { page: 1, limit: 20 });
      await a.kill();
      const t0 = performance.now();
      await client.send(home.list, { page: 2, limit: 20 });
      times.push(performance.now() - t0);
      if (client.baseLine !== b.url) throw new Error("the client did not move to the second line");
      client.lines.dispose();
      b.stop();
    }
    const sorted = [...times].sort((x, y) => x - y);
    line("line killed → next answer, median of 5", `${sorted[2]!.toFixed(1)} ms`, `min ${sorted[0]!.toFixed(1)}, max ${sorted[4]!.toFixed(1)} ms`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `fn` against a database on a throwaway local PostgreSQL cluster, or says why it cannot. */
async function onPostgres(fn: (env: Record<string, string>) => Promise<void>) {
  const { startTestPostgres, createTestDatabase } = await import("../tests/support/postgres.ts");
  let cluster: Awaited<ReturnType<typeof startTestPostgres>>;
  try {
    cluster = await startTestPostgres();
  } catch (error) {
    line("PostgreSQL figures skipped", error instanceof Error ? error.message : String(error));
    return;
  }
  try {
    await fn({ DATABASE_URL: await createTestDatabase(cluster.url) });
  } finally {
    await cluster.stop();
  }
}

const only = process.argv.slice(2).find((a) => !a.startsWith("-"));
console.log("npm run bench — figures from this machine");
// `npm run bench -- gateway` runs the gateway figures only.
if (!only) {
  benchNode();
  await benchBrowser();
}
if (!only || only === "gateway") {
  await benchCalls("SQLite", {});
  await onPostgres((env) => benchCalls("PostgreSQL", env));
  await benchConcurrentBuys("SQLite file", {});
  await benchPaymentCallbacks("SQLite", {});
  await benchFailover();
  await onPostgres((env) => benchConcurrentBuys("PostgreSQL", env));
}
// `npm run bench -- failover`: the failover figures alone (node client, then the browser).
if (only === "failover") await benchFailover();
if (!only || only === "failover") await benchFailoverBrowser();
// `npm run bench -- app`: the built app's first-screen figures alone.
if (!only || only === "app") await benchApp();
// `npm run bench -- chunks`: each issue-19 screen's own route chunk (needs `npm run build`).
if (!only || only === "chunks") benchRouteChunks();
// `npm run bench -- circle`: the video upload and the long circle feed (needs `npm run build`).
if (!only || only === "circle") {
  await benchUpload(serveProcess, line);
  await benchCircleFeed();
}
// `npm run bench -- comics`: a 60-page comic episode scrolled at 4× CPU (needs `npm run build`).
if (!only || only === "comics") await benchComicEpisode();
// `npm run bench -- novel`: the tap to a prefetched next novel chapter at 4× CPU (needs `npm run build`).
if (!only || only === "novel") await benchNovelNextChapter();
// `npm run bench -- danmaku`: 200 bullet comments over a playing video at 4× CPU (no build needed).
if (!only || only === "danmaku") await benchDanmaku();
if (!only || only === "player") await benchPlayer();
if (!only || only === "screens") await benchScreens();
// `npm run bench -- ingest`: transcoding speed of content add-video (needs ffmpeg), a 200-page CBZ and a 2 MB novel (no build needed).
if (!only || only === "ingest") {
  await benchIngestVideo();
  await benchIngestBooks();
}
