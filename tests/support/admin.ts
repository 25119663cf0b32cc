import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { REPO_ROOT, type TestGateway } from "./gateway.ts";

/** The operators' CLI (`npm run admin -- …`) as a process on the gateway's database: its output, or its exit code and stderr. */
export async function runAdmin(gw: TestGateway, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? "", LOG_LEVEL: "error", DATA_DIR: gw.dataDir, ...(gw.databaseUrl ? { DATABASE_URL: gw.databaseUrl } : {}) };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "server/admin/index.ts", ...args], { cwd: REPO_ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
