import { spawn } from "node:child_process";
import { entryArgs } from "./entries.ts";
import { REPO_ROOT } from "./gateway.ts";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI as a subprocess from the repository root. */
export function runCli(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string; timeoutMs?: number; onStdout?: (chunk: string) => void; signal?: AbortSignal } = {},
): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...entryArgs("cli"), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: "1", ...opts.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 30_000);
    opts.signal?.addEventListener("abort", () => child.kill("SIGINT"), { once: true });
    child.stdout.on("data", (c: Buffer) => {
      stdout += c;
      opts.onStdout?.(c.toString());
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c;
      opts.onStdout?.(c.toString());
    });
    child.on("error", fail);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    child.stdin.end(opts.input ?? "");
  });
}

/** What a failed `gw smoke --json` run's report says of its steps that did not pass (else the output's tail). */
export function failedSteps(stdout: string): string {
  try {
    const report = JSON.parse(stdout) as { steps: { status: string }[] };
    return JSON.stringify(report.steps.filter((s) => s.status !== "passed"), null, 1);
  } catch {
    return stdout.slice(-2000);
  }
}
