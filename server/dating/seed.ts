import { insertRows } from "#server/content/seed.ts";
import type { DB } from "#server/db/index.ts";

// Demo listings are neutral generated placeholders: invented names, generated photos, plain words (issue 21).

export const DATING_AREAS = ["北京", "上海", "广州", "深圳", "成都", "杭州", "重庆", "武汉"];
// One name per listing: a list too short would have to number its copies (安然2).
const NAMES = [
  "晓雨", "若溪", "安然", "清禾", "知夏", "念秋", "语桐", "初晴", "书瑶", "沐风", "思远", "一诺",
  "星河", "南栀", "青柠", "景然", "雨桐", "可欣", "舒雅", "乐言", "婉清", "映雪", "子衿", "静怡",
  "诗雨", "欣妍", "芷若", "思琪", "雅宁", "梦瑶", "嘉怡", "心悦", "若彤", "晨曦", "紫萱", "安琪",
  "明月", "小满", "晚晴", "云舒", "采薇", "念安", "听雪", "知意", "清欢", "予安", "暖阳", "半夏",
];
const LIKES = ["旅行", "摄影", "咖啡", "读书", "烘焙", "徒步", "电影", "音乐", "瑜伽", "手工", "看展", "骑行"];
const REVIEWS = ["沟通很顺畅，准时赴约，聊得很愉快。", "人很友善，和照片一致，推荐。", "约在咖啡馆聊了一下午，体验不错。", "回复及时，安排得很周到。"];

/** The first seeded listing: certified, in the first area, for demos and tests. */
export const DEMO_DATING = { name: NAMES[0]!, area: DATING_AREAS[0]!, price: 20, contact: "微信 demo-0001" } as const;
export const SEEDED_LISTINGS = NAMES.length;

/** Idempotent: runs while there are no areas. Call it after the catalogue (whose seed runs only on no items). */
export async function seedDating(db: DB) {
  if (await db.get("SELECT 1 FROM dating_areas")) return;
  await insertRows(db, "dating_areas (id, name, sort)", "(?, ?, ?)", DATING_AREAS.map((name, i) => [i + 1, name, i]));
  // Explicit ids, as the catalogue's seed writes them (PostgreSQL's sequences move past them after seeding).
  const first = ((await db.value<number | null>("SELECT MAX(id) FROM items")) ?? 0) + 1;
  const reviewers = await db.all<{ id: number }>("SELECT id FROM users WHERE is_creator = 1 ORDER BY id LIMIT 4");
  const now = Date.now();
  const items: unknown[][] = [];
  const listings: unknown[][] = [];
  const images: unknown[][] = [];
  const purchases: unknown[][] = [];
  const reviews: unknown[][] = [];
  for (let n = 0; n < SEEDED_LISTINGS; n++) {
    const id = first + n;
    const certified = n === 0 || n % 3 === 0 ? 1 : 0;
    const name = NAMES[n]!;
    const price = n === 0 ? DEMO_DATING.price : 10 * (1 + (n % 9));
    const intro = `喜欢${LIKES[n % LIKES.length]}和${LIKES[(n * 5 + 3) % LIKES.length]}，周末常去城市里的小店转转。希望认识真诚、有礼貌的朋友。`;
    const reviewCount = n < 6 ? Math.min(reviewers.length, 2) : 0;
    items.push([id, name, intro, `dating-${n + 1}-0`, price, (n * 37) % 500, reviewCount, (n * 53) % 900, now - n * 3_600_000]);
    listings.push([id, (n % DATING_AREAS.length) + 1, 20 + (n % 12), n === 0 ? DEMO_DATING.contact : `微信 demo-${String(n + 1).padStart(4, "0")}`, certified]);
    for (let seq = 0; seq < 3 + (n % 3); seq++) images.push([id, seq, `dating-${n + 1}-${seq}`]);
    for (let r = 0; r < reviewCount; r++) {
      purchases.push([reviewers[r]!.id, id, now - (r + 1) * 86_400_000]);
      reviews.push([id, reviewers[r]!.id, 4 + (r % 2), REVIEWS[(n + r) % REVIEWS.length], now - r * 3_600_000]);
    }
  }
  await insertRows(db, "items (id, kind, section, title, description, cover_seed, cover_ratio, coins, like_count, comment_count, hot, created_at)", "(?, 'dating', '', ?, ?, ?, '3X4', ?, ?, ?, ?, ?)", items);
  await insertRows(db, "dating_listings (item_id, area_id, age, contact, certified)", "(?, ?, ?, ?, ?)", listings);
  await insertRows(db, "item_images (item_id, seq, seed, ratio)", "(?, ?, ?, '3X4')", images);
  await insertRows(db, "purchases (user_id, item_id, unit_id, method, coins, created_at)", "(?, ?, 0, 'coins', 0, ?)", purchases);
  await insertRows(db, "dating_reviews (item_id, user_id, rating, content, created_at)", "(?, ?, ?, ?, ?)", reviews);
}
