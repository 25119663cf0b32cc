import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { REPO_ROOT } from "../support/gateway.ts";

const dataDir = mkdtempSync(join(tmpdir(), "gw-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run serve` without npm: the same entry, as a subprocess. */
function serveProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c));
  child.stderr.on("data", (c: Buffer) => (stderr += c));
  const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

it("lists every bad variable in one line and exits non-zero", async () => {
  const run = serveProcess({ PORT: "http", GATEWAY_AES_KEY: "short", GATEWAY_SIGN_SECRET: "x", LOG_LEVEL: "loud", DATA_DIR: dataDir });
  expect(await run.exited).toBe(1);
  const { stdout, stderr } = run.output();
  expect(stdout).toBe("");
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr).toMatch(/^invalid configuration: /);
  for (const name of ["PORT", "LOG_LEVEL", "GATEWAY_AES_KEY"]) expect(stderr).toContain(name);
});

it("starts, prints its URL and the demo account, answers ping and stops on SIGTERM", async () => {
  const run = serveProcess({ PORT: "0", HOST: "0.0.0.0", DATA_DIR: dataDir, LOG_LEVEL: "error" });
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no URL printed: ${JSON.stringify(run.output())}`)), 30_000);
    run.child.stdout.on("data", () => {
      const out = run.output().stdout;
      const match = out.match(/http:\/\/localhost:(\d+)/);
      if (match && out.includes("demo123456")) {
        clearTimeout(timer);
        done(match[0]);
      }
    });
  });
  expect(run.output().stdout).toContain("13800000000");
  expect(run.output().stdout).toContain("demo123456");
  const pong = await fetch(`${url.replace("localhost", "127.0.0.1")}/?ping`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "mod=ping&code=abc",
  });
  expect(await pong.json()).toMatchObject({ code: "abc", msg: "pong" });
  run.child.kill("SIGTERM");
  expect(await run.exited).toBe(0);
});
