import type { DB } from "#server/db/index.ts";
import { IngestError } from "#server/ingest/errors.ts";
import { cleanLeftovers } from "#server/ingest/publish.ts";
import { contentStoreOf, type ContentStore } from "#server/ingest/store.ts";
import { AdminError, withDatabase } from "../database.ts";
import { reporter, type Reporter } from "./reporter.ts";

/** What a content command works with: the gateway's database and content store, its media key and secret, and where it reports. */
export interface ContentContext {
  db: DB;
  store: ContentStore;
  /** The key images are encrypted with (docs/protocol.md §7). */
  mediaKey: string;
  report: Reporter;
}

/**
 * Runs a content command on the gateway's database and store (as the environment names them). An ingest (`clean`)
 * first removes what interrupted ingests left. An `IngestError` is the operator's input refused: one line, exit 1.
 */
export async function withContent<T>(opts: { json?: boolean; clean?: boolean }, work: (ctx: ContentContext) => Promise<T>): Promise<T> {
  return await withDatabase(async (db, settings) => {
    const store = contentStoreOf(settings.dataDir);
    const report = reporter(Boolean(opts.json));
    if (opts.clean) {
      const removed = await cleanLeftovers(db, store);
      if (removed) report.step(`removed ${removed} folder(s) left by interrupted ingests`);
    }
    try {
      return await work({ db, store, mediaKey: settings.gateway.mediaKey, report });
    } catch (error) {
      if (error instanceof IngestError) throw new AdminError(error.message);
      throw error;
    }
  });
}

/** A positive whole number option (`--price 30`), or an operator error naming the option. */
export function wholeNumber(name: string, text: string | undefined, { min = 0, max = 1_000_000 } = {}): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text) || Number(text) < min || Number(text) > max) throw new AdminError(`${name} must be a whole number from ${min} to ${max}: ${text}`);
  return Number(text);
}

/** An item id argument. */
export function itemId(text: string): number {
  if (!/^\d{1,12}$/.test(text) || Number(text) < 1) throw new AdminError(`not an item id: ${text}`);
  return Number(text);
}
