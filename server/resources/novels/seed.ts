import { insertRows, prng } from "#server/content/seed.ts";
import type { DB } from "#server/db/index.ts";

// Neutral generated novels: titles, intros and chapters from a word list. Ids from 31001 (items and series).
// Every third novel is free; the others have two free chapters, then chapters sold one by one (some free for
// VIPs) and a whole-book price below the sum of its chapters. Novel 31001 is the paid one the tests use.

export const FIRST_NOVEL_ID = 31001;
const NOVEL_COUNT = 30;
const NOVEL_TAGS = ["都市", "校园", "悬疑", "科幻", "历史", "武侠", "奇幻", "治愈"];
const PLACES = ["小镇", "山谷", "港口", "书院", "灯塔", "古城", "花园", "列车", "集市", "河岸", "钟楼", "茶馆"];
const THINGS = ["旧信", "地图", "风筝", "钥匙", "日记", "怀表", "雨伞", "琴谱", "相册", "船票", "灯笼", "石碑"];
const PEOPLE = ["少年", "画师", "店主", "旅人", "邮差", "学徒", "老人", "船长", "医生", "记者"];
const ACTS = ["找到了", "想起了", "带走了", "藏起了", "修好了", "送回了", "看见了", "记下了"];
const MOODS = ["安静地", "慢慢地", "认真地", "轻轻地", "匆匆地", "笑着"];

/** The price of a sold chapter of novel `n` (1-based), and whether VIPs read it free. */
const chapterPrice = (n: number) => ({ coins: 3 + (n % 4), vip_free: n % 3 === 2 ? 1 : 0 });

/** Idempotent: runs while there is no novel. */
export async function seedNovels(db: DB) {
  if (await db.get("SELECT 1 FROM items WHERE kind = 'novel'")) return;
  const rnd = prng(2019);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]!;
  const sentence = () => `${pick(PEOPLE)}在${pick(PLACES)}${pick(MOODS)}${pick(ACTS)}一${pick(["封", "张", "把", "本", "只"])}${pick(THINGS)}。`;
  const paragraph = () => Array.from({ length: int(3, 7) }, sentence).join("");
  const chapterText = () => {
    const target = int(2000, 6000);
    const paragraphs: string[] = [];
    let length = 0;
    while (length < target) {
      const p = paragraph();
      paragraphs.push(p);
      length += p.length + 1;
    }
    return paragraphs.join("\n");
  };
  const now = Date.now();
  await db.transaction(async (db) => {
    let tagId = Number((await db.value<number | null>("SELECT MAX(id) FROM tags")) ?? 0);
    const tagIds: number[] = [];
    for (const name of NOVEL_TAGS) {
      const known = await db.value<number>("SELECT id FROM tags WHERE name = ?", [name]);
      if (known) tagIds.push(Number(known));
      else {
        await db.run("INSERT INTO tags (id, name) VALUES (?, ?)", [++tagId, name]);
        tagIds.push(tagId);
      }
    }
    const series: unknown[][] = [];
    const items: unknown[][] = [];
    const itemTags: unknown[][] = [];
    const units: unknown[][] = [];
    for (let n = 1; n <= NOVEL_COUNT; n++) {
      const id = FIRST_NOVEL_ID + n - 1;
      const free = n % 3 === 0;
      const count = n === 1 ? 8 : int(3, 20);
      const created = now - n * 7_200_000;
      const title = `${pick(PLACES)}的${pick(THINGS)}${n % 2 ? "" : "之谜"}`;
      let sold = 0;
      for (let seq = 1; seq <= count; seq++) {
        const price = free || seq <= 2 ? { coins: 0, vip_free: 0 } : chapterPrice(n);
        sold += price.coins;
        units.push([id, seq, `第${seq}章 ${pick(PLACES)}与${pick(THINGS)}`, price.coins, price.vip_free, chapterText(), created + seq * 60_000]);
      }
      series.push([id, title, created]);
      const intro = `${paragraph()}${paragraph()}`;
      items.push([id, title, intro, `novel-${id}`, id, free ? 0 : Math.floor(sold * 0.7), int(0, 400), int(50, 60_000), int(0, 90), n % 2, created, created + count * 60_000]);
      const a = int(0, tagIds.length - 1);
      itemTags.push([id, tagIds[a]!], [id, tagIds[(a + 1 + int(0, tagIds.length - 2)) % tagIds.length]!]);
    }
    await insertRows(db, "series (id, kind, title, creator_id, created_at)", "(?, 'novel', ?, NULL, ?)", series);
    await insertRows(
      db,
      "items (id, kind, section, title, description, cover_seed, cover_ratio, series_id, coins, like_count, view_count, favorite_count, is_end, created_at, updated_at)",
      "(?, 'novel', '', ?, ?, ?, '3X4', ?, ?, ?, ?, ?, ?, ?, ?)",
      items,
    );
    await insertRows(db, "item_tags (item_id, tag_id)", "(?, ?)", itemTags, { tail: " ON CONFLICT DO NOTHING" });
    await insertRows(db, "item_units (item_id, seq, title, coins, vip_free, body, created_at)", "(?, ?, ?, ?, ?, ?, ?)", units, { per: 40 });
  });
}
