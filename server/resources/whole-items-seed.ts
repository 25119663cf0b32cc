import { insertRows, prng, wordPicker } from "#server/content/seed.ts";
import type { DB } from "#server/db/index.ts";

// Neutral generated placeholders for the kinds sold whole: picture sets and games (issue 19).

const WORDS = ["晨光", "湖畔", "山谷", "街灯", "花园", "海湾", "森林", "雪原", "雨巷", "云海", "灯塔", "麦田", "星空", "庭院", "河岸", "风车"];
const int = (rnd: () => number, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

/** The ids of `names` in `tags`, inserting those not there yet. */
async function tagIds(db: DB, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    let id = await db.value<number>("SELECT id FROM tags WHERE name = ?", [name]);
    if (id === undefined) {
      id = Number((await db.value<number | null>("SELECT MAX(id) FROM tags")) ?? 0) + 1;
      await db.run("INSERT INTO tags (id, name) VALUES (?, ?)", [id, name]);
    }
    ids.push(Number(id));
  }
  return ids;
}

export interface WholeItemSeed {
  kind: "picture" | "game";
  /** The first item id (and series id) of the kind's range. */
  firstId: number;
  count: number;
  categories: readonly string[];
  tags: readonly string[];
  /** Series the first items are grouped in (each `perSeries` items); the rest stand alone. */
  series?: { names: readonly string[]; perSeries: number };
  title: (n: number, word: () => string) => string;
  /** Images of item `n`: how many, and their ratio. */
  images: (n: number, rnd: () => number) => { count: number; ratio: string };
  coverRatio: string;
  free: (n: number) => boolean;
  price: (n: number) => number;
  /** The `media` column (a game's link). */
  media?: (id: number) => string;
}

/** Idempotent: runs while there is no item of the kind. Seeds are random-looking, so no address is guessed from an id. */
export async function seedWholeItems(db: DB, s: WholeItemSeed) {
  if (await db.get("SELECT 1 FROM items WHERE kind = ?", [s.kind])) return;
  const rnd = prng(s.firstId);
  const word = wordPicker(rnd, WORDS);
  const token = () => Math.floor(rnd() * 2 ** 32).toString(36);
  const now = Date.now();
  await db.transaction(async (db) => {
    const firstCategory = Number((await db.value<number | null>("SELECT MAX(id) FROM categories")) ?? 0) + 1;
    await insertRows(db, "categories (id, kind, section, name, sort)", "(?, ?, '', ?, ?)", s.categories.map((name, i) => [firstCategory + i, s.kind, name, i]));
    const tags = await tagIds(db, s.tags);
    const series = s.series?.names ?? [];
    await insertRows(db, "series (id, kind, title, creator_id, created_at)", "(?, ?, ?, NULL, ?)", series.map((t, i) => [s.firstId + i, s.kind, t, now - i * 86_400_000]));
    const items: unknown[][] = [];
    const images: unknown[][] = [];
    const itemTags: unknown[][] = [];
    for (let n = 1; n <= s.count; n++) {
      const id = s.firstId + n - 1;
      const inSeries = s.series && n <= series.length * s.series.perSeries ? s.firstId + Math.floor((n - 1) / s.series.perSeries) : null;
      const created = now - n * 3_600_000;
      items.push([
        id,
        s.kind,
        s.title(n, word),
        `${word()}、${word()}与${word()}：一组关于${word()}的生成画面，适合慢慢欣赏。`,
        `${s.kind}-${id}-${token()}`,
        s.coverRatio,
        s.media?.(id) ?? "",
        firstCategory + (n % s.categories.length),
        inSeries,
        s.free(n) ? 0 : s.price(n),
        int(rnd, 0, 300),
        int(rnd, 50, 20_000),
        int(rnd, 0, 200),
        created,
        created,
      ]);
      const { count, ratio } = s.images(n, rnd);
      for (let seq = 1; seq <= count; seq++) images.push([id, seq, `${s.kind}-${id}-${seq}-${token()}`, ratio]);
      const a = n % tags.length;
      itemTags.push([id, tags[a]!], [id, tags[(a + 1 + (n % (tags.length - 1))) % tags.length]!]);
    }
    await insertRows(
      db,
      "items (id, kind, section, title, description, cover_seed, cover_ratio, media, category_id, series_id, coins, like_count, view_count, favorite_count, is_end, created_at, updated_at)",
      "(?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
      items,
    );
    await insertRows(db, "item_images (item_id, seq, seed, ratio)", "(?, ?, ?, ?)", images);
    await insertRows(db, "item_tags (item_id, tag_id)", "(?, ?)", itemTags, { tail: " ON CONFLICT DO NOTHING" });
  });
}
