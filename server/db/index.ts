import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openPostgres, openSqlite, type Db } from "./database.ts";
import { lockSchema, migrate, syncIdentities } from "./migrate.ts";
import { seed } from "./seed.ts";

export type { Db } from "./database.ts";
/** The database handle (kept as `DB` in signatures across the server). */
export type DB = Db;

/**
 * Opens the database, migrates and seeds it: PostgreSQL at `databaseUrl` when given, else
 * `{dataDir}/gateway.sqlite` (created with its folder).
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
    // Two processes starting on one PostgreSQL seed once: the second waits for the lock and finds the data.
    await db.transaction(async (tx) => {
      await lockSchema(tx);
      await seed(tx);
    });
    await syncIdentities(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
