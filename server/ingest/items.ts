import { clock } from "#server/clock.ts";
import { tagIdsFor } from "#server/content/seed.ts";
import type { DB } from "#server/db/index.ts";
import { IngestError } from "./errors.ts";

/** What an ingest publishes as one item's row: `cover` and `media` are stored references (`file:<key>/…`). */
export interface NewItem {
  kind: "video" | "comic" | "novel" | "audio" | "picture" | "news";
  section?: string;
  title: string;
  description?: string;
  cover: { ref: string; ratio: string };
  media?: string;
  duration?: number;
  body?: string;
  categoryId?: number | null;
  seriesId?: number | null;
  creatorId?: number | null;
  coins?: number;
  vipFree?: boolean;
  isEnd?: boolean;
  tags?: readonly string[];
}

/** One episode or chapter of an item (`item_units`). */
export interface NewUnit {
  title: string;
  coins?: number;
  vipFree?: boolean;
  media?: string;
  body?: string;
}

/** Inserts an ingested item (in `publish`'s transaction), named by its store key; answers its id. */
export async function insertItem(tx: DB, key: string, item: NewItem): Promise<number> {
  const now = clock.now();
  const id = await tx.insert(
    `INSERT INTO items (kind, section, title, description, cover_seed, cover_ratio, media, duration, body, category_id, series_id, creator_id, coins, vip_free, is_end, created_at, updated_at, store_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      item.kind,
      item.section ?? "",
      item.title,
      item.description ?? "",
      item.cover.ref,
      item.cover.ratio,
      item.media ?? "",
      Math.round(item.duration ?? 0),
      item.body ?? "",
      item.categoryId ?? null,
      item.seriesId ?? null,
      item.creatorId ?? null,
      item.coins ?? 0,
      item.vipFree ? 1 : 0,
      item.isEnd === false ? 0 : 1,
      now,
      now,
      key,
    ],
  );
  const tags = [...new Set((item.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  for (const tagId of await tagIdsFor(tx, tags)) await tx.run("INSERT INTO item_tags (item_id, tag_id) VALUES (?, ?)", [id, tagId]);
  return id;
}

/** Inserts an item's units in order (seq 1, 2, …). */
export async function insertUnits(tx: DB, itemId: number, units: readonly NewUnit[]): Promise<void> {
  const now = clock.now();
  for (const [i, u] of units.entries()) {
    await tx.run("INSERT INTO item_units (item_id, seq, title, coins, vip_free, media, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [
      itemId,
      i + 1,
      u.title,
      u.coins ?? 0,
      u.vipFree ? 1 : 0,
      u.media ?? "",
      u.body ?? "",
      now,
    ]);
  }
}

/** Refuses, before any work, the ids an operator gave that name nothing fitting: a category of another kind, no such member or series. */
export async function checkReferences(db: DB, kind: NewItem["kind"], refs: { categoryId?: number | null; seriesId?: number | null; creatorId?: number | null }): Promise<void> {
  if (refs.categoryId != null) {
    const category = await db.get<{ kind: string }>("SELECT kind FROM categories WHERE id = ?", [refs.categoryId]);
    if (!category) throw new IngestError(`no category ${refs.categoryId}`);
    if (category.kind !== kind) throw new IngestError(`category ${refs.categoryId} is for ${category.kind}, not ${kind}`);
  }
  if (refs.seriesId != null) {
    const series = await db.get<{ kind: string }>("SELECT kind FROM series WHERE id = ?", [refs.seriesId]);
    if (!series) throw new IngestError(`no series ${refs.seriesId}`);
    if (series.kind !== kind) throw new IngestError(`series ${refs.seriesId} is for ${series.kind}, not ${kind}`);
  }
  if (refs.creatorId != null && !(await db.get("SELECT 1 FROM users WHERE id = ?", [refs.creatorId]))) throw new IngestError(`no member ${refs.creatorId}`);
}
