import { insertRows, prng, tagIdsFor } from "#server/content/seed.ts";
import type { DB } from "#server/db/index.ts";

// Neutral generated audio books: titles and intros from a word list, chapters of short generated tones
// (`item_units.media` is `tone:<seed>:<seconds>`, drawn by tones.ts). Ids from 33001 (items and series). Every
// fourth book is free; the others have free first chapters, then chapters sold one by one and a whole-book
// price below the sum of its chapters. Book 33001 is the paid one the tests use.

export const FIRST_AUDIO_ID = 33001;
const AUDIO_COUNT = 12;
const AUDIO_TAGS = ["睡前", "故事", "治愈", "悬疑", "历史", "自然", "旅行", "白噪音"];
const PLACES = ["森林", "海岸", "山谷", "小镇", "雨夜", "星空", "溪边", "草原", "灯塔", "书房"];
const SOUNDS = ["风声", "潮汐", "钟声", "鸟鸣", "雨滴", "琴音", "脚步", "篝火", "列车", "微光"];
const MOODS = ["安静的", "缓慢的", "温柔的", "明亮的", "遥远的", "清晨的"];

/** How many chapters book `n` (1-based) has: 3–12, the test book 8. */
const chapterCount = (n: number, int: (min: number, max: number) => number) => (n === 1 ? 8 : int(3, 12));

/** Idempotent: runs while there is no audio book. */
export async function seedAudio(db: DB) {
  if (await db.get("SELECT 1 FROM items WHERE kind = 'audio'")) return;
  const rnd = prng(2033);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]!;
  const sentence = () => `${pick(MOODS)}${pick(PLACES)}里，${pick(SOUNDS)}和${pick(SOUNDS)}慢慢交织。`;
  const now = Date.now();
  await db.transaction(async (db) => {
    const tagIds = await tagIdsFor(db, AUDIO_TAGS);
    const series: unknown[][] = [];
    const items: unknown[][] = [];
    const itemTags: unknown[][] = [];
    const units: unknown[][] = [];
    for (let n = 1; n <= AUDIO_COUNT; n++) {
      const id = FIRST_AUDIO_ID + n - 1;
      const free = n % 4 === 0;
      const count = chapterCount(n, int);
      const created = now - n * 9_000_000;
      const title = `${pick(PLACES)}${pick(SOUNDS)}${n % 2 ? "" : "集"}`;
      let sold = 0;
      for (let seq = 1; seq <= count; seq++) {
        const coins = free || seq <= 2 ? 0 : 2 + ((n + seq) % 3);
        sold += coins;
        units.push([id, seq, `第${seq}集 ${pick(MOODS)}${pick(SOUNDS)}`, coins, 0, `tone:${id}-${seq}:${int(6, 30)}`, created + seq * 60_000]);
      }
      series.push([id, title, created]);
      items.push([id, title, `${sentence()}${sentence()}${sentence()}`, `audio-${id}`, id, free ? 0 : Math.floor(sold * 0.7), int(0, 300), int(50, 40_000), int(0, 60), n % 3 ? 1 : 0, created, created + count * 60_000]);
      const a = int(0, tagIds.length - 1);
      itemTags.push([id, tagIds[a]!], [id, tagIds[(a + 1 + int(0, tagIds.length - 2)) % tagIds.length]!]);
    }
    await insertRows(db, "series (id, kind, title, creator_id, created_at)", "(?, 'audio', ?, NULL, ?)", series);
    await insertRows(
      db,
      "items (id, kind, section, title, description, cover_seed, cover_ratio, series_id, coins, like_count, view_count, favorite_count, is_end, created_at, updated_at)",
      "(?, 'audio', '', ?, ?, ?, '1X1', ?, ?, ?, ?, ?, ?, ?, ?)",
      items,
    );
    await insertRows(db, "item_tags (item_id, tag_id)", "(?, ?)", itemTags, { tail: " ON CONFLICT DO NOTHING" });
    await insertRows(db, "item_units (item_id, seq, title, coins, vip_free, media, created_at)", "(?, ?, ?, ?, ?, ?, ?)", units);
  });
}
