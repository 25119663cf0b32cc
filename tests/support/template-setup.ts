import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openSeededDatabase } from "#server/seed/index.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated and seeded SQLite file that each test gateway starts from a copy of (decision 072). */
    sqliteTemplate: string;
  }
}

/**
 * Vitest global setup: migrates and seeds one SQLite database for the whole run of a project. A test gateway copies
 * it (some milliseconds) instead of seeding its own (seconds on a loaded machine); seeding still runs here, once.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "gw-template-"));
  const file = join(dir, "gateway.sqlite");
  const db = await openSeededDatabase({ dataDir: dir });
  await db.close();
  // Closing the last connection folds the write-ahead log into the file: the file alone is the database.
  if (existsSync(`${file}-wal`)) throw new Error(`the template database kept its write-ahead log: ${file}-wal`);
  project.provide("sqliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
