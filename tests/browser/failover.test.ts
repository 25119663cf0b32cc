import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accounts } from "#gateway/api/index.ts";
import { DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { adultPhone, answerDialog, findText, launchBrowser, submitLogin } from "../support/browser.ts";
import { runCli } from "../support/cli.ts";
import { DEMO, REPO_ROOT, startGatewayProcess, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { recordHar } from "../support/har.ts";

// The app built with two lines, A and B, on one database: A a process of its own (killed mid-session), B the test
// gateway. The app is loaded from A. NOTE: a build of its own (BUILD_DIR) beside the shared build/, since the
// lines are built in; run under the browser lock like every browser run.
let dir: string;
let buildDir: string;
let b: TestGateway;
let a: Awaited<ReturnType<typeof startGatewayProcess>>;
let browser: Browser;

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });

function buildApp(outDir: string, lines: string[]) {
  return new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: REPO_ROOT,
      env: { ...process.env, BUILD_DIR: outDir, VITE_GATEWAY_LINES: lines.join(",") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += c));
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`build failed: ${err}`))));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "gw-failover-app-"));
  // Inside the repository: the build's prerender step imports the server build, which resolves React from node_modules.
  mkdirSync(join(REPO_ROOT, "node_modules/.cache"), { recursive: true });
  buildDir = mkdtempSync(join(REPO_ROOT, "node_modules/.cache/failover-build-"));
  const [portA, portB] = [await freePort(), await freePort()];
  const lines = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  await buildApp(buildDir, lines);
  const clientDir = join(buildDir, "client");
  b = await startTestGateway({ port: portB, clientDir });
  a = await startGatewayProcess({ PORT: String(portA), DATA_DIR: b.dataDir, CLIENT_DIR: clientDir });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await a?.kill();
  await browser?.close();
  await b?.close();
  rmSync(dir, { recursive: true, force: true });
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

const maxRow = (page: Page) => page.$$eval(".video-feed-row", (rows) => Math.max(-1, ...rows.map((r) => Number(r.getAttribute("data-index")))));
const inAppNavigate = (page: Page, to: string) =>
  page.evaluate((t) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string | number): Promise<void> } }).__reactRouterDataRouter.navigate(t), to);

async function scrollFeedTo(page: Page, row: number) {
  for (let i = 0; i < 12 && (await maxRow(page)) < row; i++) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await new Promise((r) => setTimeout(r, 400));
  }
  return maxRow(page);
}

// NOTE: skipped until the app's own files survive line A: after the buy the player imports a chunk from A, which
// is dead, and app/lib/chunk-reload.ts reloads the page (from A). The calls fail over (the feed loads more, the
// buy charges once, checked up to there); see decision 035, Consequences.
it.skip("keeps working when the line that served it dies: the feed loads more, a video is bought once, nothing reloads", { timeout: 150_000 }, async () => {
  const page = await adultPhone(browser);
  const recorder = await recordHar(page);
  await page.goto(`${a.url}/home`);
  await page.waitForSelector(".video-card", { visible: true });
  const harFile = join(dir, "home.har");
  writeFileSync(harFile, JSON.stringify(await recorder.har()));

  await page.goto(`${a.url}/login?redirect=%2Fhome`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname === "/home");
  await page.waitForSelector(".video-card", { visible: true });
  // The player's code and styles are loaded before line A dies: the app's own files come from the line that
  // served it (decision 035), its calls from any line.
  // NOTE: a string, so that vitest does not rewrite its import() for Node.
  await page.evaluate(`(async () => {
    const player = Object.values(window.__reactRouterManifest.routes).find((r) => r.path === "player");
    for (const href of player.css ?? []) {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
      document.head.append(link);
      await new Promise((done) => (link.onload = link.onerror = done));
    }
    await import(player.module);
  })()`);
  const c = testClient(b.url);
  c.state.token = (await c.send(accounts.loginByPassword, DEMO)).token;
  const before = (await c.send(accounts.userInfo, undefined)).coins;
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const rows = await maxRow(page);
  const toasts: string[] = [];
  await page.exposeFunction("noteToast", (t: string) => toasts.push(t));
  await page.evaluate(() => {
    new MutationObserver(() => {
      for (const t of document.querySelectorAll(".adm-toast-main")) (window as unknown as { noteToast(t: string): void }).noteToast(t.textContent ?? "");
    }).observe(document.body, { childList: true, subtree: true });
  });

  await a.kill();
  const started = performance.now();
  expect(await scrollFeedTo(page, rows + 20)).toBeGreaterThanOrEqual(rows + 20);
  const feedMs = performance.now() - started;

  await inAppNavigate(page, `/player?id=${DEMO_LOCKED_VIDEO_ID}`);
  const button = await findText(page, "金币解锁", "button");
  const price = Number(await button!.evaluate((el) => el.textContent!.match(/(\d+)/)![1]));
  await button!.click();
  await findText(page, `》需 ${price} 金币，当前余额 ${before} 金币`);
  await answerDialog(page, "解锁");
  // Bought: the unlock button goes. (Playing needs the video player's own code, a chunk line A served.)
  await page.waitForFunction(() => ![...document.querySelectorAll("button")].some((b) => b.textContent?.includes("金币解锁")), { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect((await c.send(accounts.userInfo, undefined)).coins).toBe(before - price);
  const bought = await c.send(accounts.myPurchases, { page: 1, limit: 50 });
  expect(bought.list.filter((v) => v.id === DEMO_LOCKED_VIDEO_ID)).toHaveLength(1);
  // The member saw a slower answer, not an error.
  expect(toasts.filter((t) => /网络|线路/.test(t))).toEqual([]);
  console.log(`failover in the browser: the feed's next page ${feedMs.toFixed(0)} ms after the line died`);

  // The capture of the first screen, sent again to the other line on the same data, answers the same.
  const replayed = await runCli(["--lines", b.url, "--json", "replay", harFile], { env: { GW_HOME: dir } });
  expect(replayed.code, replayed.stdout).toBe(0);
  expect(JSON.parse(replayed.stdout).summary.same).toBeGreaterThan(0);
});
