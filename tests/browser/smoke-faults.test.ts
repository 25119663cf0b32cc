import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BATCH_PATH } from "#gateway/config.ts";
import { search } from "#gateway/api/index.ts";
import { STEPS } from "#cli/smoke/steps.ts";
import type { SmokeReport } from "#cli/smoke/types.ts";
import { TEST_CHROMIUM } from "../support/browser.ts";
import { failedSteps, runCli, type CliResult } from "../support/cli.ts";
import { startDelayProxy } from "../support/delay-proxy.ts";
import { REPO_ROOT, startTestGateway, type TestGateway } from "../support/gateway.ts";
import { shiftedSeedDataDir } from "../support/shifted-seed.ts";

// The smoke runner (issue 35) where things go wrong: a gateway whose search call answers 500 (a proxy in front of
// it), a line that is down; and a deployment whose ids are not the reference gateway's.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "gw-smoke-faults-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RUN_MS = 280_000;

/** An address nothing listens on: a port that was free a moment ago. */
async function deadLine(): Promise<string> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return `http://127.0.0.1:${port}`;
}

it("a call answering 500 fails its step: exit 1, the JUnit file names it, a screenshot, a HAR gw decrypt reads; a dead line is a finding", { timeout: 300_000 }, async () => {
  const gw = await startTestGateway();
  const failing = search.search.path.toLowerCase();
  const proxy = await startDelayProxy(gw.url, () => 0, (path) => (path.split("?")[0]!.toLowerCase() === failing ? 500 : undefined));
  try {
    const dead = await deadLine();
    const [junit, har] = [join(dir, "verdict.xml"), join(dir, "run.har")];
    const run = await runCli(
      ["--json", "--lines", `${proxy.url},${dead}`, "smoke", "--url", proxy.url, "--junit", junit, "--har", har, "--out", join(dir, "shots"), "--step-timeout", "10000"],
      { timeoutMs: RUN_MS, env: { CHROMIUM_PATH: TEST_CHROMIUM } },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/step\(s\) failed/);
    const report = JSON.parse(run.stdout) as SmokeReport;
    const failed = report.steps.filter((s) => s.status === "failed");
    expect(failed.map((s) => s.id)).toEqual(["search", `line ${dead}`]);
    expect(report.steps.find((s) => s.id === `line ${proxy.url}`)).toMatchObject({ status: "passed" });
    expect(failed[1]!.detail).toMatch(/^ping: /);
    // The steps after the failure still ran.
    expect(report.steps.find((s) => s.id === "offline-shell")?.status).toBe("passed");

    const step = failed[0]!;
    expect(step.screenshot).toBe(join(dir, "shots", "search.png"));
    expect(readFileSync(step.screenshot!).subarray(1, 4).toString()).toBe("PNG");
    expect(Array.isArray(step.consoleErrors)).toBe(true);

    const xml = readFileSync(junit, "utf8");
    expect(xml).toMatch(/failures="2"/);
    expect(xml).toMatch(/<testcase classname="smoke" name="search" [^>]*><failure message="[^"]+">/);
    expect(xml).toMatch(/<testcase classname="smoke" name="article" [^>]*><\/testcase>/);

    expect(existsSync(har)).toBe(true);
    const decrypted = await runCli(["--json", "decrypt", har]);
    expect(decrypted.code, decrypted.stderr).toBe(0);
    const calls = JSON.parse(decrypted.stdout) as { path?: string; httpStatus?: number; request?: { fields?: { calls?: { path: string }[] } }; response?: { signValid: boolean } }[];
    expect(calls.filter((c) => c.path?.toLowerCase() === failing).map((c) => c.httpStatus)).toContain(500);
    // The config, asked alone or in a batch with the screen's other first calls (which of the two depends on timing).
    const carries = (c: (typeof calls)[number], path: string) => c.path === path || (c.path === BATCH_PATH && Boolean(c.request?.fields?.calls?.some((b) => b.path === path)));
    expect(calls.some((c) => carries(c, "/api/home/getConfig") && c.response?.signValid)).toBe(true);
  } finally {
    await proxy.close();
    await gw.close();
  }
});

/** `npm run smoke -- …`, as an operator types it. */
function npmSmoke(args: string[]): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn("npm", ["run", "--silent", "smoke", "--", ...args], { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: "1", CHROMIUM_PATH: TEST_CHROMIUM }, stdio: ["ignore", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_MS);
    child.stdout.on("data", (c: Buffer) => void (stdout += c));
    child.stderr.on("data", (c: Buffer) => void (stderr += c));
    child.on("error", fail);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code: code ?? 1, stdout, stderr });
    });
  });
}

it("passes against a gateway whose ids are not the reference's and that has no dating listings (npm run smoke): found by the app's own lists, or skipped with the reason", { timeout: 300_000 }, async () => {
  const shift = 500_000;
  const gw: TestGateway = await startTestGateway({ dataDir: await shiftedSeedDataDir(shift, { without: ["dating"] }) });
  try {
    const db = gw.openDb();
    try {
      expect(Number(await db.value<number>("SELECT MIN(id) FROM items"))).toBeGreaterThan(shift);
    } finally {
      await db.close();
    }
    const run = await npmSmoke(["--url", gw.url, "--json", "--step-timeout", "10000"]);
    expect(run.code, run.stderr + failedSteps(run.stdout)).toBe(0);
    const report = JSON.parse(run.stdout) as SmokeReport;
    expect(report.steps.map((s) => s.id)).toEqual(STEPS.filter((s) => s.need === "visitor").map((s) => s.id));
    expect(report.steps.filter((s) => s.status !== "passed")).toEqual([{ id: "dating-listing", title: expect.any(String), status: "skipped", ms: expect.any(Number), detail: "no dating listing on /dating" }]);
    expect(report.passed).toBe(true);
  } finally {
    await gw.close();
    rmSync(gw.dataDir, { recursive: true, force: true });
  }
});
