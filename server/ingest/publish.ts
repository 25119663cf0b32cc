import { readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import type { DB } from "#server/db/index.ts";
import type { ContentStore, Stage } from "./store.ts";

/** How long a committed folder may wait for its rows before a clean-up counts it as an interrupted ingest's. */
const ORPHAN_AFTER_MS = 3_600_000;

/** Every file under a staged folder, relative to it, with its size. */
async function filesIn(dir: string): Promise<{ path: string; size: number }[]> {
  const out: { path: string; size: number }[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === ".owner") continue;
    const full = join(entry.parentPath, entry.name);
    out.push({ path: relative(dir, full).split("\\").join("/"), size: (await stat(full)).size });
  }
  return out;
}

/**
 * Publishes an ingested item all or nothing (decision 084): checks that every file `expected` names is in the staged
 * folder and that no staged file is empty, makes the files the key's, then runs `write` (which inserts the item's rows
 * with `store_key` = the key) in one transaction. Until that transaction commits, nothing of the item is listed or
 * served; if it fails, the files go again. Answers what `write` answers (the item's id).
 */
export async function publish<T>(db: DB, store: ContentStore, stage: Stage, expected: readonly string[], write: (tx: DB, key: string) => Promise<T>): Promise<T> {
  const files = await filesIn(stage.dir);
  const have = new Map(files.map((f) => [f.path, f.size]));
  const missing = expected.filter((p) => !have.has(p));
  if (missing.length) throw new Error(`ingest incomplete, missing: ${missing.slice(0, 5).join(", ")}`);
  const empty = files.filter((f) => f.size === 0);
  if (empty.length) throw new Error(`ingest incomplete, empty files: ${empty.slice(0, 5).map((f) => f.path).join(", ")}`);
  await store.commit(stage);
  try {
    return await db.transaction((tx) => write(tx, stage.key));
  } catch (error) {
    await store.remove(stage.key);
    throw error;
  }
}

/**
 * Runs an ingest's work on a fresh staged folder: whatever it throws or however it ends (Ctrl-C), the folder goes,
 * unless `work` published it.
 */
export async function withStage<T>(store: ContentStore, work: (stage: Stage) => Promise<T>): Promise<T> {
  const stage = await store.stage();
  const drop = () => void store.discard(stage).finally(() => process.exit(130));
  process.once("SIGINT", drop);
  process.once("SIGTERM", drop);
  try {
    return await work(stage);
  } finally {
    process.off("SIGINT", drop);
    process.off("SIGTERM", drop);
    await store.discard(stage);
  }
}

/**
 * Removes what interrupted ingests left (killed mid-transcode, the machine lost): staged folders whose process is
 * gone, and committed folders no item names after an hour. Every ingest runs it first, so running one again cleans up.
 * Answers how many folders went.
 */
export async function cleanLeftovers(db: DB, store: ContentStore): Promise<number> {
  let removed = 0;
  for (const stage of await store.leftovers()) {
    await store.discard(stage);
    removed++;
  }
  const named = new Set((await db.all<{ store_key: string }>("SELECT DISTINCT store_key FROM items WHERE store_key <> ''")).map((r) => r.store_key));
  for (const { key, at } of await store.keys()) {
    if (named.has(key) || Date.now() - at < ORPHAN_AFTER_MS) continue;
    await store.remove(key);
    removed++;
  }
  return removed;
}
