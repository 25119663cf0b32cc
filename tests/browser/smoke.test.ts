import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accounts } from "#gateway/api/index.ts";
import { STEPS } from "#cli/smoke/steps.ts";
import type { SmokeReport } from "#cli/smoke/types.ts";
import { TEST_CHROMIUM } from "../support/browser.ts";
import { failedSteps, runCli } from "../support/cli.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// The smoke runner (issue 35) against the reference gateway, as an operator runs it: the real CLI, its own
// Chromium (the operator's default browser for the read-only run; the tests' headless shell, where there is one, for
// the other). Read-only with a member signed in by phone and password; then with --writes and --spend, signed in
// by a CLI profile. What the gateway stored tells what the runs did.

let gw: TestGateway;
let dir: string;
beforeAll(async () => {
  gw = await startTestGateway();
  dir = mkdtempSync(join(tmpdir(), "gw-smoke-"));
});
afterAll(async () => {
  await gw?.close();
  rmSync(dir, { recursive: true, force: true });
});

let nextPhone = 13_600_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

async function member(coins: number) {
  const phone = String(nextPhone++);
  const password = "secret123";
  const { uuid } = await testClient(gw.url).send(accounts.register, { phone, password });
  const db = gw.openDb();
  try {
    await db.run("UPDATE users SET coins = ? WHERE uuid = ?", [coins, uuid]);
    const id = Number(await db.value<number>("SELECT id FROM users WHERE uuid = ?", [uuid]));
    return { phone, password, id };
  } finally {
    await db.close();
  }
}

async function stored(userId: number) {
  const db = gw.openDb();
  try {
    return {
      coins: Number(await db.value<number>("SELECT coins FROM users WHERE id = ?", [userId])),
      comments: (await db.all<{ content: string }>("SELECT content FROM comments WHERE user_id = ?", [userId])).map((c) => c.content),
      favourites: Number(await db.value<number>("SELECT COUNT(*) FROM favorites WHERE user_id = ?", [userId])),
      purchases: await db.all<{ coins: number }>("SELECT coins FROM purchases WHERE user_id = ?", [userId]),
    };
  } finally {
    await db.close();
  }
}

const RUN_MS = 280_000;
const ids = (need: string[]) => STEPS.filter((s) => need.includes(s.need)).map((s) => s.id);

it("read-only with a member: every step passes, exit 0, a JUnit verdict, and nothing stored moves", { timeout: 300_000 }, async () => {
  const m = await member(50);
  const junit = join(dir, "read-only.xml");
  const run = await runCli(["--json", "smoke", "--url", gw.url, "--phone", m.phone, "--password", m.password, "--junit", junit, "--out", dir], { timeoutMs: RUN_MS });
  expect(run.code, run.stderr + failedSteps(run.stdout)).toBe(0);
  const report = JSON.parse(run.stdout) as SmokeReport;
  expect(report.steps.map((s) => s.id)).toEqual(ids(["visitor", "member"]));
  expect(report.steps.filter((s) => s.status !== "passed")).toEqual([]);
  expect(report.passed).toBe(true);
  expect(report.lcpMs).toBeGreaterThan(0);
  expect(report.steps.find((s) => s.id === "balance")?.detail).toBe("50 coins");
  const xml = readFileSync(junit, "utf8");
  expect(xml).toMatch(/<testsuite [^>]*tests="\d+" failures="0" skipped="0"/);
  expect(xml).toContain('name="novel-chapter"');
  expect(await stored(m.id)).toEqual({ coins: 50, comments: [], favourites: 0, purchases: [] });
});

it("--writes --spend 10 with a CLI profile: a comment kept, a favourite added and removed, one purchase of at most 10 coins", { timeout: 300_000 }, async () => {
  const m = await member(100);
  const env = { GW_HOME: join(dir, "home"), CHROMIUM_PATH: TEST_CHROMIUM };
  const login = await runCli(["--lines", gw.url, "--profile", "tester", "login", m.phone, m.password], { env });
  expect(login.code, login.stderr).toBe(0);
  const run = await runCli(["--json", "--profile", "tester", "smoke", "--url", gw.url, "--writes", "--spend", "10", "--out", dir], { env, timeoutMs: RUN_MS });
  expect(run.code, run.stderr + failedSteps(run.stdout)).toBe(0);
  const report = JSON.parse(run.stdout) as SmokeReport;
  expect(report.steps.map((s) => s.id)).toEqual(ids(["visitor", "member", "writes", "spend"]));
  expect(report.steps.filter((s) => s.status !== "passed")).toEqual([]);
  expect(report.steps.find((s) => s.id === "login")?.detail).toBe("profile tester");

  const after = await stored(m.id);
  const comment = report.steps.find((s) => s.id === "comment")!.detail!;
  expect(after.comments).toEqual([comment]);
  expect(after.favourites).toBe(0);
  expect(after.purchases).toHaveLength(1);
  expect(100 - after.coins).toBe(after.purchases[0]!.coins);
  expect(after.coins).toBeGreaterThanOrEqual(90);
  expect(after.coins).toBeLessThan(100);
});

it("refuses unsafe or incomplete options before opening a browser, listing every problem at once", async () => {
  const run = await runCli(["smoke", "--url", "ftp://example.com", "--throttle", "5g", "--spend", "5", "--phone", "13800000000"], {
    env: { GW_HOME: join(dir, "empty-home") },
  });
  expect(run.code).toBe(1);
  expect(run.stdout).toBe("");
  for (const problem of ["--url must be", "--throttle must be 4g, 3g or none", "--phone and --password go together", "--spend needs --writes"]) expect(run.stderr).toContain(problem);
  const writes = await runCli(["smoke", "--url", gw.url, "--writes"], { env: { GW_HOME: join(dir, "empty-home") } });
  expect(writes.code).toBe(1);
  expect(writes.stderr).toMatch(/--writes needs a test account/);
});
