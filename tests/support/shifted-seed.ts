import Database from "better-sqlite3";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSeededDatabase } from "#server/seed/index.ts";

/** The columns that hold an item's id (the foreign keys to `items`, and the logs that keep one without a key). */
const ITEM_COLUMNS = ["item_id", "quote_item_id", "used_on", "video_id"];

/**
 * A data folder seeded as the gateway seeds one, with every item's id moved up by `by`: a deployment whose ids
 * are not the reference gateway's (SQLite; pass it to `startTestGateway({ dataDir })`). Items of the kinds in
 * `without` are taken out of their lists (a deployment that has none).
 */
export async function shiftedSeedDataDir(by: number, { without = [] }: { without?: string[] } = {}): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "gw-shifted-"));
  await (await openSeededDatabase({ dataDir })).close();
  const db = new Database(join(dataDir, "gateway.sqlite"));
  try {
    db.pragma("foreign_keys = OFF");
    db.transaction(() => {
      db.prepare("UPDATE items SET id = id + ?").run(by);
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
      for (const table of tables) {
        const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
        for (const column of columns.filter((c) => ITEM_COLUMNS.includes(c))) db.prepare(`UPDATE ${table} SET ${column} = ${column} + ? WHERE ${column} IS NOT NULL`).run(by);
      }
      db.prepare("UPDATE sqlite_sequence SET seq = (SELECT MAX(id) FROM items) WHERE name = 'items'").run();
    })();
    const broken = db.pragma("foreign_key_check");
    if ((broken as unknown[]).length) throw new Error(`shifted ids left ${(broken as unknown[]).length} broken references`);
    // Hidden rather than deleted: what refers to them stays whole, and no list shows them.
    for (const kind of without) db.prepare("UPDATE items SET kind = ? WHERE kind = ?").run(`${kind}-hidden`, kind);
  } finally {
    db.close();
  }
  return dataDir;
}
