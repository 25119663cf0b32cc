import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { entryArgs } from "./entries.ts";
import { REPO_ROOT, type TestGateway } from "./gateway.ts";

/** The operators' CLI (`npm run admin -- …`) as a process on `gw`'s database: its output, or its exit code and stderr. */
export async function runAdmin(gw: TestGateway, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? "", LOG_LEVEL: "error", DATA_DIR: gw.dataDir, ...(gw.databaseUrl ? { DATABASE_URL: gw.databaseUrl } : {}) };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...entryArgs("admin"), ...args], { cwd: REPO_ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** One statement on `gw`'s database through a handle of its own: the rows it answers. */
export async function sqlOn<T = Record<string, unknown>>(gw: TestGateway, text: string, ...args: unknown[]): Promise<T[]> {
  const db = gw.openDb();
  try {
    return await db.all<T>(text, args);
  } finally {
    await db.close();
  }
}
