import { insertUser } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import { CLIP_COUNT } from "./media.ts";

/** Seeded videos with known terms, for demos and tests. */
export const DEMO_FREE_VIDEO_ID = 1;
/** Locked for everyone (not free for VIP): 10 coins or one voucher. */
export const DEMO_LOCKED_VIDEO_ID = 2;
export const DEMO_LOCKED_VIDEO_PRICE = 10;
export const SEEDED_VIDEOS = { porn: 600, aw: 200 };

const CATEGORIES = ["剧情", "纪实", "旅行", "音乐", "运动", "美食", "科技", "动画"];
/**
 * The home section's category list carries the dating area under the id the app's category shortcuts send to
 * /dating (app/lib/shortcut.ts); it has no videos of its own.
 */
export const DATING_CATEGORY = { id: 8, name: "同城约会" };
/**
 * The novels' and comics' entries of the same list, under the ids the shortcuts send to those kinds' lists
 * (docs/protocol.md, `/api/tab/listv1`); kind `shortcut`: no videos, and not a category of the kind itself.
 */
export const SHORTCUT_CATEGORIES = [
  { id: 50, name: "小说" },
  { id: 74, name: "漫画" },
] as const;
const TAGS = [
  "旅行", "城市", "自然", "音乐", "舞蹈", "运动", "健身", "美食", "烹饪", "科技", "数码", "游戏", "动画", "手工", "摄影", "绘画", "宠物", "萌宠", "搞笑", "日常",
  "记录", "纪录", "历史", "科普", "汽车", "户外", "露营", "海边", "山野", "夜景", "街拍", "复古", "治愈", "解压", "教程", "访谈", "剧情", "短片", "混剪", "慢镜头",
];
const GIFTS: [string, number][] = [["鲜花", 5], ["咖啡", 10], ["蛋糕", 20], ["跑车", 100], ["火箭", 200], ["城堡", 500]];
const RATIOS = ["16X9", "16X9", "16X9", "16X9", "9X16", "3X4"];
const COMMENT_LINES = ["画面很清晰", "节奏不错，看完了", "求更多同系列", "配乐很好听", "已收藏", "第二遍了", "这个角度很特别", "期待下一期"];

/** Bullet comments on the demo's free video (decision 082): second, words, colour; within its 8-second clip. */
export const SEEDED_DANMU: readonly (readonly [number, string, string])[] = [
  [0.5, "前排", "#ffffff"],
  [1.2, "好看", "#ffd302"],
  [2, "打卡", "#ffffff"],
  [2.8, "画面好清楚", "#00a2ff"],
  [3.6, "来了来了", "#ffffff"],
  [4.5, "好看", "#00cd00"],
  [5.5, "打卡", "#ffffff"],
  [6.6, "学到了", "#ff7204"],
];

/**
 * Where the seeded ads lead, by position: screens of the app only (a category through the shortcuts), so a tap in a
 * local run never leaves for a site that is not there. `tests/integration/seed-links.test.ts` keeps it so.
 */
const AD_TARGETS: Record<string, [title: string, url: string][]> = {
  home: [
    [DATING_CATEGORY.name, `/category?id=${DATING_CATEGORY.id}`],
    ["今日推荐", `/player?id=${DEMO_FREE_VIDEO_ID}`],
    ["热门搜索", "/search"],
    [SHORTCUT_CATEGORIES[0].name, `/category?id=${SHORTCUT_CATEGORIES[0].id}`],
  ],
  dark_web: [
    ["今日推荐", `/player?id=${DEMO_FREE_VIDEO_ID}`],
    ["热门搜索", "/search"],
    [SHORTCUT_CATEGORIES[1].name, `/category?id=${SHORTCUT_CATEGORIES[1].id}`],
  ],
  player: [
    ["今日推荐", `/player?id=${DEMO_FREE_VIDEO_ID}`],
    ["热门搜索", "/search"],
    ["每日精选", "/discovery/daily-pick"],
  ],
};

/** A small deterministic PRNG (mulberry32): the same seed gives the same demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NICK_HEADS = ["晨光", "小溪", "青山", "南风", "星河", "木木", "橘子", "白鹭", "云朵", "北岛", "松果", "海盐", "栗子", "远山", "夏至", "半夏", "阿澄", "小满"];
const NICK_TAILS = ["手记", "影像", "日常", "工作室", "小站", "镜头", "笔记", "映画", "剪影", "放映室", "漫游", "观察"];

/**
 * `count` distinct nicknames of the seeded creators, each a head and a tail (晨光手记, 海盐放映室), no head used twice:
 * generated from a fixed seed, so every data folder and every test names the same creators.
 */
export function creatorNicknames(count: number): string[] {
  const rnd = prng(20261127);
  const heads = [...NICK_HEADS];
  const names: string[] = [];
  while (names.length < count && heads.length) {
    const [head] = heads.splice(Math.floor(rnd() * heads.length), 1);
    names.push(`${head}${NICK_TAILS[Math.floor(rnd() * NICK_TAILS.length)]}`);
  }
  if (names.length < count) throw new Error(`only ${names.length} creator nicknames for ${count} creators`);
  return names;
}

const CREATOR_COUNT = 12;
/** The seeded creators' nicknames, in the order of their ids. */
export const SEEDED_CREATORS = creatorNicknames(CREATOR_COUNT);

/** Picks from `words` with `rnd`, never the word picked just before: no 老街老街, no 城市与城市. */
export function wordPicker(rnd: () => number, words: readonly string[]): () => string {
  let last = -1;
  return () => {
    let i = Math.floor(rnd() * (last < 0 ? words.length : words.length - 1));
    if (last >= 0 && i >= last) i++;
    last = i;
    return words[i]!;
  };
}

/**
 * Inserts `rows` (each matching the placeholders of `row`, e.g. `(?, 'video', ?)`) with one statement per `per`
 * rows: on PostgreSQL every statement is a round trip. `tail` follows the VALUES (`ON CONFLICT DO NOTHING`).
 */
export async function insertRows(db: DB, into: string, row: string, rows: readonly (readonly unknown[])[], opts: { tail?: string; per?: number } = {}) {
  const per = opts.per ?? 150;
  for (let at = 0; at < rows.length; at += per) {
    const chunk = rows.slice(at, at + per);
    await db.run(`INSERT INTO ${into} VALUES ${chunk.map(() => row).join(", ")}${opts.tail ?? ""}`, chunk.flat());
  }
}

/** The ids of tags by name, adding those that do not exist yet (a seed's tags may be another seed's too). */
export async function tagIdsFor(db: DB, names: readonly string[]): Promise<number[]> {
  let last = Number((await db.value<number | null>("SELECT MAX(id) FROM tags")) ?? 0);
  const ids: number[] = [];
  for (const name of names) {
    const known = await db.value<number>("SELECT id FROM tags WHERE name = ?", [name]);
    if (!known) await db.run("INSERT INTO tags (id, name) VALUES (?, ?)", [++last, name]);
    ids.push(known ? Number(known) : last);
  }
  return ids;
}

/**
 * The id the next row of an AUTOINCREMENT table would get, for a seed that writes its rows in batches with explicit
 * ids (PostgreSQL's identity sequences are moved past them after seeding).
 */
export async function nextId(db: DB, table: "items" | "comments"): Promise<number> {
  const max = (await db.value<number | null>(`SELECT MAX(id) FROM ${table}`)) ?? 0;
  if (db.dialect !== "sqlite") return max + 1;
  const used = (await db.value<number>("SELECT seq FROM sqlite_sequence WHERE name = ?", [table])) ?? 0;
  return Math.max(max, used) + 1;
}

/**
 * Seeds comments on items (consecutive ids), some with replies, and sets each item's `comment_count` from the rows,
 * so the count a list shows is the count of comments there are. Comments get the ids the table would have given
 * them one by one: a reply names its parent's.
 */
export async function insertComments(
  db: DB,
  itemIds: readonly number[],
  opts: { rnd: () => number; authors: readonly number[]; lines: readonly string[]; countOf: (itemId: number) => number; now: number },
) {
  const { rnd, authors, lines, now } = opts;
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const rows: unknown[][] = [];
  let commentId = await nextId(db, "comments");
  for (const item of itemIds) {
    const count = opts.countOf(item);
    for (let c = 0; c < count; c++) {
      const at = now - (count - c) * 600_000;
      const parent = commentId++;
      const parentRow = [parent, item, pick(authors), null, pick(lines), int(0, 300), 0, at];
      rows.push(parentRow);
      const replies = rnd() < 0.3 ? int(1, 3) : 0;
      for (let r = 0; r < replies; r++) rows.push([commentId++, item, pick(authors), parent, `回复：${pick(lines)}`, int(0, 20), 0, at + (r + 1) * 60_000]);
      parentRow[6] = replies;
    }
  }
  await insertRows(db, "comments (id, item_id, user_id, reply_to, content, like_count, reply_count, created_at)", "(?, ?, ?, ?, ?, ?, ?, ?)", rows);
  if (itemIds.length) {
    await db.run("UPDATE items SET comment_count = (SELECT COUNT(*) FROM comments c WHERE c.item_id = items.id) WHERE id BETWEEN ? AND ?", [Math.min(...itemIds), Math.max(...itemIds)]);
  }
}

/** Idempotent: runs only while there are no items, so restarts keep what members did. */
export async function seedCatalog(db: DB, demoUserId: number | undefined) {
  if (await db.get("SELECT 1 FROM items")) return;
  const rnd = prng(20261122);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const now = Date.now();

  await db.transaction(async (db) => {
    const creators: number[] = [];
    for (const name of SEEDED_CREATORS) {
      const u = await insertUser(db, { username: name });
      await db.run("UPDATE users SET is_creator = 1, nickname = ?, intro = ?, fans_count = ?, likes_count = ? WHERE id = ?", [
        name,
        `${name}的频道：分享${pick(TAGS)}与${pick(TAGS)}主题的原创短片。`,
        int(100, 50_000),
        int(1_000, 500_000),
        u.id,
      ]);
      creators.push(u.id);
    }

    const categoryRows: unknown[][] = [];
    const categoryIds: Record<string, number[]> = { porn: [], aw: [] };
    const categoryNames = new Map<number, string>();
    let cid = 0;
    for (const section of ["porn", "aw"] as const) {
      CATEGORIES.forEach((name, i) => {
        if (++cid === DATING_CATEGORY.id) cid++;
        categoryRows.push([cid, "video", section, name, i]);
        categoryIds[section]!.push(cid);
        categoryNames.set(cid, name);
      });
    }
    categoryRows.push([DATING_CATEGORY.id, "dating", "porn", DATING_CATEGORY.name, CATEGORIES.length]);
    await insertRows(db, "categories (id, kind, section, name, sort)", "(?, ?, ?, ?, ?)", categoryRows);

    const tagNames = [...new Set(TAGS)];
    const tagIds = tagNames.map((_, i) => i + 1);
    await insertRows(db, "tags (id, name)", "(?, ?)", tagNames.map((name, i) => [i + 1, name]));

    const seriesRows: unknown[][] = [];
    const seriesIds: number[] = [];
    for (let i = 1; i <= 10; i++) {
      seriesRows.push([i, `${pick(TAGS)}合集 第${i}季`, pick(creators), now - i * 86_400_000]);
      seriesIds.push(i);
    }
    await insertRows(db, "series (id, kind, title, creator_id, created_at)", "(?, 'video', ?, ?, ?)", seriesRows);

    const itemRows: unknown[][] = [];
    const itemTagRows: unknown[][] = [];
    let id = 0;
    for (const section of ["porn", "aw"] as const) {
      for (let n = 1; n <= SEEDED_VIDEOS[section]; n++) {
        id++;
        const categoryId = pick(categoryIds[section]!);
        const categoryName = categoryNames.get(categoryId)!;
        const roll = rnd();
        let coins = 0;
        let vipFree = 0;
        if (id === DEMO_LOCKED_VIDEO_ID) coins = DEMO_LOCKED_VIDEO_PRICE;
        else if (id !== DEMO_FREE_VIDEO_ID && roll >= 0.4 && roll < 0.7) [vipFree, coins] = [1, int(1, 6) * 5];
        else if (id !== DEMO_FREE_VIDEO_ID && roll >= 0.7) coins = int(1, 10) * 5;
        const views = int(100, 2_000_000);
        const likes = Math.floor(views * (0.01 + rnd() * 0.05));
        const label = `${section === "aw" ? "暗网" : "示例"}视频 ${String(n).padStart(4, "0")}`;
        itemRows.push([
          id,
          section,
          `${label} · ${categoryName}`,
          `这是一段中性的占位短片（${categoryName}），用于演示播放、购买与评论。`,
          `cover-${id}`,
          id <= 2 ? "16X9" : pick(RATIOS),
          `${id % 3 === 0 ? "hls" : "mp4"}:${(id % CLIP_COUNT) + 1}`,
          int(30, 1800),
          categoryId,
          rnd() < 0.3 ? pick(seriesIds) : null,
          pick(creators),
          coins,
          vipFree,
          likes,
          views,
          Math.floor(likes / 3),
          Math.floor(views / 100) + likes,
          now - id * 3 * 3_600_000,
        ]);
        // A tag picked twice for one item is kept once (as INSERT OR IGNORE did).
        const tags = new Set<number>();
        for (let t = int(2, 4); t > 0; t--) tags.add(pick(tagIds));
        for (const tag of tags) itemTagRows.push([id, tag]);
      }
    }
    await insertRows(
      db,
      `items (id, kind, section, title, description, cover_seed, cover_ratio, media, duration, category_id, series_id, creator_id,
         coins, vip_free, like_count, comment_count, view_count, favorite_count, hot, created_at)`,
      "(?, 'video', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
      itemRows,
    );
    await insertRows(db, "item_tags (item_id, tag_id)", "(?, ?)", itemTagRows, { tail: " ON CONFLICT DO NOTHING", per: 500 });

    await insertComments(db, Array.from({ length: 40 }, (_, i) => i + 1), {
      rnd,
      authors: demoUserId ? [...creators, demoUserId] : creators,
      lines: COMMENT_LINES,
      countOf: (item) => (item === DEMO_FREE_VIDEO_ID ? 25 : int(0, 8)),
      now,
    });

    await insertRows(
      db,
      "danmu (item_id, user_id, time_s, content, color, created_at)",
      "(?, ?, ?, ?, ?, ?)",
      SEEDED_DANMU.map(([time, content, color], i) => [DEMO_FREE_VIDEO_ID, creators[i % creators.length], time, content, color, now]),
    );

    const adRows: unknown[][] = [];
    let adId = 0;
    for (const [position, targets] of Object.entries(AD_TARGETS)) {
      targets.forEach(([title, url], i) => {
        ++adId;
        adRows.push([adId, position, title, `ad-${adId}`, url, "16X7", i]);
      });
    }
    await insertRows(db, "ads (id, position, title, image_seed, url, ratio, sort)", "(?, ?, ?, ?, ?, ?, ?)", adRows);

    await insertRows(db, "gifts (id, name, coins, sort)", "(?, ?, ?, ?)", GIFTS.map(([name, coins], i) => [i + 1, name, coins, i]));

    await insertRows(db, "hot_searches (word, hits, pinned)", "(?, ?, 1)", TAGS.slice(0, 12).map((word, i) => [word, 1000 - i * 50]));

    if (demoUserId) {
      const tickets: unknown[][] = [];
      for (let i = 0; i < 3; i++) tickets.push([demoUserId, "观影券", now + 30 * 86_400_000, now]);
      tickets.push([demoUserId, "观影券（已过期）", now - 86_400_000, now - 31 * 86_400_000]);
      await insertRows(db, "tickets (user_id, name, status, expires_at, created_at)", "(?, ?, 0, ?, ?)", tickets);
    }
  });
}

const CLUB_RULES = ["加入粉丝团即表示同意遵守社区规范", "贡献值来自入团费用与打赏，每周一结算排名", "禁止刷榜、代充等违规行为，违者清零", "退团后贡献值不保留"];
const CLUB_PRIVILEGES = [
  { title: "专属视频", description: "观看创作者的粉丝团专属视频" },
  { title: "粉丝徽章", description: "评论时展示粉丝团徽章" },
  { title: "优先互动", description: "头条评论优先展示" },
];

/** Exchange codes anyone can try (each works once), in demos and tests. */
export const DEMO_EXCHANGE_CODES = { coins: { code: "DEMOCOINS100", amount: 100 }, ticket: { code: "DEMOTICKET2", amount: 2 } } as const;

// The app centre's demo entries open areas of the app itself (a real deployment lists its partners' apps there).
const APP_CENTRE: [string, string, string][] = [
  ["有声书", "/resource?type=audio", "随时随地听书"],
  ["小游戏", "/resource?type=game", "休闲益智，即点即玩"],
  ["图集", "/resource?type=picture", "风景、城市与插画"],
  ["每日精选", "/discovery/daily-pick", "每天更新的精选视频"],
];
/** What data folders seeded before held: ads and apps at example.com, a site that is not there. */
const OLD_DEMO_SITE = "https://example.com/";

/**
 * The app centre, the demo exchange codes and a replied feedback of the demo member. Idempotent, each part while
 * its table is empty (a data folder from before these tables gets them on its next start).
 */
export async function seedAccountExtras(db: DB, demoUserId: number | undefined) {
  const now = Date.now();
  await db.transaction(async (db) => {
    // Data folders seeded before: their demo ads and apps open the app's own screens too.
    await db.run("UPDATE ads SET url = ? WHERE url = ?", ["/discovery/daily-pick", OLD_DEMO_SITE]);
    await db.run("DELETE FROM app_center WHERE url LIKE ?", [`${OLD_DEMO_SITE}apps/%`]);
    if (!(await db.get("SELECT 1 FROM app_center"))) {
      await insertRows(db, "app_center (id, name, icon_seed, url, intro, sort)", "(?, ?, ?, ?, ?, ?)", APP_CENTRE.map(([name, url, intro], i) => [i + 1, name, `app-${i + 1}`, url, intro, i]));
    }
    if (!(await db.get("SELECT 1 FROM exchange_codes"))) {
      const codes = Object.entries(DEMO_EXCHANGE_CODES).map(([kind, { code, amount }]) => [code, kind, amount, now]);
      await insertRows(db, "exchange_codes (code, kind, amount, created_at)", "(?, ?, ?, ?)", codes);
    }
    if (demoUserId && !(await db.get("SELECT 1 FROM feedback"))) {
      await db.run("INSERT INTO feedback (user_id, content, reply, replied_at, created_at) VALUES (?, ?, ?, ?, ?)", [
        demoUserId,
        "视频有时加载较慢，希望能优化一下线路。",
        "感谢反馈，我们已增加线路，请在设置中切换后再试。",
        now - 86_400_000,
        now - 2 * 86_400_000,
      ]);
    }
  });
}

const HEADLINE_LINES = ["今天分享一些拍摄花絮和幕后故事。", "这组镜头在清晨拍完，光线很柔和。", "剪辑时保留了现场的环境声。", "下一期会换一个外景地，敬请期待。"];

/** Headlines (posts with images) and fan clubs for the seeded creators. Idempotent: runs while no club exists. */
export async function seedCreators(db: DB, demoUserId: number | undefined) {
  if (await db.get("SELECT 1 FROM clubs")) return;
  const creators = await db.all<{ id: number; nickname: string }>("SELECT id, nickname FROM users WHERE is_creator = 1 ORDER BY id");
  if (!creators.length) return;
  const rnd = prng(7);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const now = Date.now();
  await db.transaction(async (db) => {
    // Posts get the ids the table would have given them one by one (after the seeded videos): images name them.
    let postId = await nextId(db, "items");
    const posts: unknown[][] = [];
    const images: unknown[][] = [];
    const clubs: unknown[][] = [];
    const members: unknown[][] = [];
    creators.forEach((c, ci) => {
      for (let p = 1; p <= 6; p++) {
        const body = `${c.nickname}的第 ${p} 条头条：${HEADLINE_LINES.slice(0, int(1, 4)).join("")}`;
        const id = postId++;
        posts.push([id, `${c.nickname} · 头条 ${p}`, body, `post-${c.id}-${p}`, c.id, int(0, 3000), int(100, 50_000), now - (ci * 6 + p) * 3_600_000]);
        // The first headline of each creator carries a very tall image (shown as a scrollable long image).
        const ratios = p === 1 ? ["1X3", "4X3", "3X4"] : Array.from({ length: int(0, 4) }, () => (rnd() < 0.5 ? "4X3" : "1X1"));
        ratios.forEach((ratio, seq) => images.push([id, seq, `post-${id}-${seq}`, ratio]));
      }
      clubs.push([c.id, `${c.nickname}的粉丝团`, `和${c.nickname}一起创作，专属视频与互动。`, ci % 2 ? 20 : 0, JSON.stringify(CLUB_RULES), JSON.stringify(CLUB_PRIVILEGES)]);
      creators.forEach((fan, fi) => {
        if (fan.id !== c.id && rnd() < 0.6) members.push([c.id, fan.id, int(0, 2000), now - fi * 86_400_000]);
      });
    });
    if (demoUserId) members.push([creators[0]!.id, demoUserId, 50, now - 3 * 86_400_000]);
    await insertRows(
      db,
      "items (id, kind, section, title, description, cover_seed, cover_ratio, creator_id, like_count, view_count, hot, created_at)",
      "(?, 'headline', '', ?, ?, ?, '1X1', ?, ?, ?, 0, ?)",
      posts,
    );
    await insertRows(db, "item_images (item_id, seq, seed, ratio)", "(?, ?, ?, ?)", images);
    await insertRows(db, "clubs (creator_id, name, intro, fee_coins, rules, privileges)", "(?, ?, ?, ?, ?, ?)", clubs);
    await insertRows(db, "club_members (creator_id, user_id, score, joined_at)", "(?, ?, ?, ?)", members, { tail: " ON CONFLICT DO NOTHING" });
  });
}

/**
 * The shortcut entries of the home section's category list (SHORTCUT_CATEGORIES), in data folders old and new. Runs
 * after every other seed: the kinds' categories take the ids after the highest there is, and stay where they were.
 */
export async function seedShortcutCategories(db: DB) {
  const sort = CATEGORIES.length + 1;
  const rows = SHORTCUT_CATEGORIES.map((c, i) => [c.id, c.name, sort + i]);
  await insertRows(db, "categories (id, kind, section, name, sort)", "(?, 'shortcut', 'porn', ?, ?)", rows, { tail: " ON CONFLICT DO NOTHING" });
}
