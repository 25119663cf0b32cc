import { openDatabase, type DB } from "#server/db/index.ts";
import { readSettings, type ServerSettings } from "#server/env.ts";

/** Thrown by commands for an expected failure: printed as one line, exit code 1. */
export class AdminError extends Error {}

/** Runs a command's work on the gateway's database (as the environment names it), closing it afterwards. */
export async function withDatabase<T>(work: (db: DB, settings: ServerSettings) => Promise<T>): Promise<T> {
  const settings = readSettings({ LOG_LEVEL: "error", ...process.env });
  const db = await openDatabase({
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    poolSize: 2,
  });
  try {
    return await work(db, settings);
  } finally {
    await db.close();
  }
}

/** A plain aligned table (CJK characters count double). */
export function printTable(headers: string[], rows: string[][]) {
  const width = (s: string) => [...s].reduce((n, ch) => n + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);
  const widths = headers.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ""))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c + " ".repeat(widths[i]! - width(c)))
      .join("  ")
      .trimEnd();
  for (const r of [headers, ...rows]) process.stdout.write(`${line(r)}\n`);
}
