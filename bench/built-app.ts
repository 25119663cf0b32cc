// The built app served by a fresh reference gateway (its own seeded data folder) with Chromium: what the browser
// benchmarks start from. Prints figures only.
import Database from "better-sqlite3";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "puppeteer";
import { launch } from "./phone.ts";

export const CLIENT = join(resolve(import.meta.dirname, ".."), "build/client");

export const line = (label: string, value: string, target = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   (${target})` : ""}`);

export interface BuiltApp {
  url: string;
  dataDir: string;
  browser: Browser;
  /** The first row a read-only query answers on the gateway's database (the seed's ids). */
  row<T>(sql: string, ...params: unknown[]): T;
  /** Every row's first column. */
  column<T>(sql: string, ...params: unknown[]): T[];
}

/** Runs `bench` on the built app, or says it is skipped when there is no build (`npm run build` first). */
export async function withBuiltApp(bench: (app: BuiltApp) => Promise<void>, browserArgs: string[] = []): Promise<void> {
  if (!existsSync(join(CLIENT, "index.html"))) {
    line("skipped", "run `npm run build` first");
    return;
  }
  const { startServer } = await import("#server/start.ts");
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-"));
  const server = await startServer({ port: 0, host: "127.0.0.1", dataDir, clientDir: CLIENT, env: { LOG_LEVEL: "silent" } });
  const query = <T>(fn: (db: Database.Database) => T) => {
    const db = new Database(join(dataDir, "gateway.sqlite"), { readonly: true });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  let browser: Browser | undefined;
  try {
    browser = await launch(browserArgs);
    await bench({
      url: server.url,
      dataDir,
      browser,
      row: (sql, ...params) => query((db) => db.prepare(sql).get(...params) as never),
      column: (sql, ...params) => query((db) => db.prepare(sql).pluck().all(...params) as never),
    });
  } finally {
    await browser?.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
