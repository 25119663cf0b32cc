import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openPostgres, openSqlite, type Db } from "./database.ts";
import { migrate } from "./migrate.ts";

export type { Db } from "./database.ts";
/** The database handle (kept as `DB` in signatures across the server). */
export type DB = Db;

/**
 * Opens the database and migrates it: PostgreSQL at `databaseUrl` when given, else `{dataDir}/gateway.sqlite`
 * (created with its folder). It imports no domain; seeding is server/seed/index.ts, above the domains.
 */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string; poolSize?: number }): Promise<Db> {
  let db: Db;
  if (opts.databaseUrl) db = openPostgres(opts.databaseUrl, { max: opts.poolSize });
  else {
    mkdirSync(opts.dataDir, { recursive: true });
    db = openSqlite(join(opts.dataDir, "gateway.sqlite"));
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
