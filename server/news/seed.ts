import type { DB } from "#server/db/index.ts";
import { insertComments, insertRows, nextId, prng, wordPicker } from "#server/content/seed.ts";

// Neutral generated placeholders: scandal news (articles with pictures, an embedded clip, some with a paid part)
// and the post circle (topics, posts with pictures, requests with rewards, offered videos, follow-ups), from word lists.

const NEWS_CATEGORIES = ["热点", "娱乐", "生活", "科技", "旅行"];
const NEWS_TAGS = ["独家", "现场", "回顾", "盘点", "观察", "特写", "追踪", "访谈"];
const WORDS = ["城市", "清晨", "展览", "街角", "咖啡", "山路", "雨后", "灯光", "车站", "书店", "市集", "海风", "公园", "小巷", "晚霞", "老街"];
const NEWS_COMMENTS = ["写得很详细", "现场照片不错", "期待后续报道", "已收藏", "第一次知道这里", "周末去看看", "说得有道理", "排版很舒服"];
const TOPICS = ["今日分享", "求片互助", "观影心得", "摄影角落", "旅行见闻", "闲聊灌水"];

const maxId = async (db: DB, table: string) => Number((await db.value<number | null>(`SELECT MAX(id) FROM ${table}`)) ?? 0);

/** Idempotent: runs while there is no article. */
export async function seedNews(db: DB) {
  if (await db.get("SELECT 1 FROM items WHERE kind = 'news'")) return;
  const rnd = prng(2020);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const word = wordPicker(rnd, WORDS);
  const sentence = () => `${word()}与${word()}：记者走访了${word()}附近的${word()}，记录下${word()}里的${word()}和${word()}。`;
  const now = Date.now();
  await db.transaction(async (db) => {
    const firstCategory = (await maxId(db, "categories")) + 1;
    await insertRows(db, "categories (id, kind, section, name, sort)", "(?, 'news', '', ?, ?)", NEWS_CATEGORIES.map((name, i) => [firstCategory + i, name, i]));
    let tagId = await maxId(db, "tags");
    const tagIds: number[] = [];
    for (const name of NEWS_TAGS) {
      const known = await db.value<number>("SELECT id FROM tags WHERE name = ?", [name]);
      if (known) tagIds.push(Number(known));
      else {
        await db.run("INSERT INTO tags (id, name) VALUES (?, ?)", [++tagId, name]);
        tagIds.push(tagId);
      }
    }
    let id = await nextId(db, "items");
    const items: unknown[][] = [];
    const itemTags: unknown[][] = [];
    for (let n = 1; n <= 60; n++) {
      const itemId = id++;
      const paid = n % 4 === 1;
      const paragraphs = (k: number) => Array.from({ length: k }, () => `<p>${sentence()}${sentence()}</p>`).join("");
      const preview = `${paragraphs(2)}<img data-seed="news-${itemId}-1" data-ratio="4X3" alt="配图">${paragraphs(1)}`;
      const rest = `${paragraphs(2)}<img data-seed="news-${itemId}-2" data-ratio="16X9" alt="配图"><video data-media="mp4:${(n % 3) + 1}"></video>${paragraphs(2)}`;
      items.push([itemId, `${word()}${word()}观察 第 ${n} 期`, paid ? preview : preview + rest, paid ? rest : "", `news-${itemId}`, firstCategory + (n % NEWS_CATEGORIES.length), paid ? 5 + (n % 3) * 5 : 0, int(0, 500), 0, int(100, 90_000), now - n * 5_400_000]);
      const a = int(0, tagIds.length - 1);
      itemTags.push([itemId, tagIds[a]!], [itemId, tagIds[(a + 1 + int(0, tagIds.length - 2)) % tagIds.length]!]);
    }
    await insertRows(
      db,
      "items (id, kind, section, title, description, body, cover_seed, cover_ratio, category_id, coins, like_count, comment_count, view_count, created_at)",
      "(?, 'news', '', ?, ?, ?, ?, '16X9', ?, ?, ?, ?, ?, ?)",
      items,
    );
    await insertRows(db, "item_tags (item_id, tag_id)", "(?, ?)", itemTags, { tail: " ON CONFLICT DO NOTHING" });
    const authors = (await db.all<{ id: number }>("SELECT id FROM users WHERE is_creator = 1 ORDER BY id")).map((u) => Number(u.id));
    if (authors.length) {
      const articleIds = items.map((row) => row[0] as number);
      await insertComments(db, articleIds, { rnd, authors, lines: NEWS_COMMENTS, countOf: () => int(0, 6), now });
    }
  });
}

/** Idempotent: runs while there is no circle post. */
export async function seedCircle(db: DB, demoUserId: number | undefined) {
  if (await db.get("SELECT 1 FROM items WHERE kind = 'post'")) return;
  const authors = (await db.all<{ id: number }>("SELECT id FROM users WHERE is_creator = 1 ORDER BY id")).map((u) => Number(u.id));
  if (!authors.length) return;
  const videos = (await db.all<{ id: number }>("SELECT id FROM items WHERE kind = 'video' ORDER BY id LIMIT 40")).map((v) => Number(v.id));
  // The circle's category chips are the dark-web section's categories: each post is in one of them.
  const categories = (await db.all<{ id: number }>("SELECT id FROM categories WHERE kind = 'video' AND section = 'aw' ORDER BY sort, id")).map((c) => Number(c.id));
  const rnd = prng(2021);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const word = wordPicker(rnd, WORDS);
  const now = Date.now();
  await db.transaction(async (db) => {
    const firstTopic = (await maxId(db, "series")) + 1;
    await insertRows(db, "series (id, kind, title, creator_id, created_at)", "(?, 'post', ?, NULL, ?)", TOPICS.map((t, i) => [firstTopic + i, t, now - i * 86_400_000]));
    let id = await nextId(db, "items");
    const posts: unknown[][] = [];
    const pictures: unknown[][] = [];
    const offered: unknown[][] = [];
    const appends: unknown[][] = [];
    for (let n = 1; n <= 80; n++) {
      const postId = id++;
      const request = n % 5 === 0;
      const text = request
        ? `求一部关于${word()}和${word()}的片子，画面里有${word()}和${word()}，有知道的朋友请回复，谢谢！`
        : `今天在${word()}附近看到${word()}和${word()}，随手拍了几张，分享给大家。${word()}的${word()}很好看。`;
      const author = n % 9 === 0 && demoUserId ? demoUserId : authors[n % authors.length]!;
      posts.push([postId, text.slice(0, 30), text, n % 7 === 3 ? `mp4:${(n % 3) + 1}` : "", author, n % 4 ? firstTopic + (n % TOPICS.length) : null, request ? 1 : 0, request ? int(1, 20) * 10 : 0, n % 6 === 0 ? 1 : 0, int(0, 300), int(100, 20_000), categories.length ? categories[n % categories.length]! : null, now - n * 2_700_000]);
      for (let k = 0, count = request ? 1 : int(0, 4); k < count; k++) pictures.push([postId, k, `circle-${postId}-${k}`, rnd() < 0.5 ? "4X3" : "1X1"]);
      if (request && videos.length) offered.push([postId, videos[n % videos.length]!, authors[(n + 1) % authors.length]!, now - n * 1_000_000]);
      if (request) appends.push([postId, `补充：最好是${word()}主题的，清晰度高一些更好。`, now - n * 2_000_000]);
    }
    await insertRows(
      db,
      "items (id, kind, section, title, description, media, creator_id, series_id, is_request, coins, essence, like_count, view_count, category_id, cover_seed, cover_ratio, created_at)",
      "(?, 'post', 'circle', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', '1X1', ?)",
      posts,
    );
    await insertRows(db, "item_images (item_id, seq, seed, ratio)", "(?, ?, ?, ?)", pictures);
    await insertRows(db, "find_videos (item_id, video_id, user_id, created_at)", "(?, ?, ?, ?)", offered, { tail: " ON CONFLICT DO NOTHING" });
    await insertRows(db, "find_appends (item_id, content, created_at)", "(?, ?, ?)", appends);
    const firstAd = (await maxId(db, "ads")) + 1;
    await insertRows(db, "ads (id, position, title, image_seed, url, ratio, sort)", "(?, 'post', ?, ?, ?, '16X7', ?)", [0, 1].map((i) => [firstAd + i, `圈子推荐 ${i + 1}`, `ad-post-${i}`, "/scandalous", i]));
  });
}
