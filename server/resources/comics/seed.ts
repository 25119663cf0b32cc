import { insertRows, prng } from "#server/content/seed.ts";
import type { DB } from "#server/db/index.ts";

// Neutral generated comics: titles and intros from a word list, pages as image seeds (the image worker draws
// generated placeholders). Ids from 30001 (items and series). Every third comic is free; the others have two
// free episodes, then episodes sold one by one (some free for VIPs), and every other paid one a whole-book price
// below the sum of its episodes. Comic 30001 is the paid one the tests use; the last comic's first episode has
// 60 pages (the benchmark's).

export const FIRST_COMIC_ID = 30001;
export const COMIC_COUNT = 36;
/** The comic whose first episode has `LONG_EPISODE_PAGES` pages. */
export const LONG_EPISODE_COMIC = FIRST_COMIC_ID + COMIC_COUNT - 1;
export const LONG_EPISODE_PAGES = 60;
const COMIC_CATEGORIES = ["热门连载", "新作上架", "完结精选"];
const COMIC_TAGS = ["热血", "日常", "奇幻", "校园", "冒险", "悬疑", "治愈", "科幻"];
const PLACES = ["星港", "森林", "学园", "雪原", "海岛", "工坊", "城堡", "列车", "天空城", "小镇"];
const HEROES = ["少年", "骑士", "画师", "侦探", "机器人", "猫咪", "旅人", "魔法师"];
const DEEDS = ["出发了", "迷路了", "找到了宝箱", "交到了朋友", "修好了飞船", "解开了谜题", "迎来了节日", "回到了家"];
const RATIOS = ["3X4", "2X3", "3X5", "3X4"];

/** Idempotent: runs while there is no comic. */
export async function seedComics(db: DB) {
  if (await db.get("SELECT 1 FROM items WHERE kind = 'comic'")) return;
  const rnd = prng(2018);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]!;
  const now = Date.now();
  await db.transaction(async (db) => {
    const firstCategory = Number((await db.value<number | null>("SELECT MAX(id) FROM categories")) ?? 0) + 1;
    await insertRows(db, "categories (id, kind, section, name, sort)", "(?, 'comic', '', ?, ?)", COMIC_CATEGORIES.map((name, i) => [firstCategory + i, name, i]));
    let tagId = Number((await db.value<number | null>("SELECT MAX(id) FROM tags")) ?? 0);
    const tagIds: number[] = [];
    for (const name of COMIC_TAGS) {
      const known = await db.value<number>("SELECT id FROM tags WHERE name = ?", [name]);
      if (!known) await db.run("INSERT INTO tags (id, name) VALUES (?, ?)", [++tagId, name]);
      tagIds.push(known ? Number(known) : tagId);
    }
    const series: unknown[][] = [];
    const items: unknown[][] = [];
    const itemTags: unknown[][] = [];
    const units: unknown[][] = [];
    for (let n = 1; n <= COMIC_COUNT; n++) {
      const id = FIRST_COMIC_ID + n - 1;
      const free = n % 3 === 0;
      const count = n === 1 ? 12 : int(3, 20);
      const created = now - n * 5_400_000;
      const title = `${pick(PLACES)}${pick(HEROES)}${n % 2 ? "物语" : "日记"}`;
      let sold = 0;
      for (let seq = 1; seq <= count; seq++) {
        const price = free || seq <= 2 ? { coins: 0, vip_free: 0 } : { coins: n === 1 ? 3 : 2 + (n % 4), vip_free: n !== 1 && seq % 4 === 0 ? 1 : 0 };
        sold += price.coins;
        const pageCount = id === LONG_EPISODE_COMIC && seq === 1 ? LONG_EPISODE_PAGES : int(6, 12);
        const pages = Array.from({ length: pageCount }, (_, p) => ({ seed: `comic-${id}-${seq}-${p + 1}`, ratio: pick(RATIOS) }));
        units.push([id, seq, `第${seq}话 ${pick(HEROES)}${pick(DEEDS)}`, price.coins, price.vip_free, JSON.stringify(pages), created + seq * 60_000]);
      }
      series.push([id, title, created]);
      const intro = `在${pick(PLACES)}，一位${pick(HEROES)}${pick(DEEDS)}。${pick(HEROES)}和${pick(HEROES)}一起${pick(DEEDS)}，故事由此展开。`;
      const bookPrice = n === 1 ? 20 : !free && n % 2 === 1 ? Math.floor(sold * 0.7) : 0;
      items.push([id, title, intro, `comic-${id}`, firstCategory + (n % COMIC_CATEGORIES.length), id, bookPrice, int(0, 400), int(50, 60_000), int(0, 90), n % 2, created, created + count * 60_000]);
      const a = int(0, tagIds.length - 1);
      itemTags.push([id, tagIds[a]!], [id, tagIds[(a + 1 + int(0, tagIds.length - 2)) % tagIds.length]!]);
    }
    await insertRows(db, "series (id, kind, title, creator_id, created_at)", "(?, 'comic', ?, NULL, ?)", series);
    await insertRows(
      db,
      "items (id, kind, section, title, description, cover_seed, cover_ratio, category_id, series_id, coins, like_count, view_count, favorite_count, is_end, created_at, updated_at)",
      "(?, 'comic', '', ?, ?, ?, '3X4', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      items,
    );
    await insertRows(db, "item_tags (item_id, tag_id)", "(?, ?)", itemTags, { tail: " ON CONFLICT DO NOTHING" });
    await insertRows(db, "item_units (item_id, seq, title, coins, vip_free, body, created_at)", "(?, ?, ?, ?, ?, ?, ?)", units, { per: 100 });
  });
}
