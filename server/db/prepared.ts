import type { Statement } from "better-sqlite3";
import type { DB } from "./index.ts";

const caches = new WeakMap<DB, Map<string, Statement>>();

/** A prepared statement, compiled once per database: preparing costs more than running most queries. */
export function sql(db: DB, text: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let stmt = cache.get(text);
  if (!stmt) cache.set(text, (stmt = db.prepare(text)));
  return stmt;
}
