import { hashPasswordSync } from "#server/accounts/passwords.ts";
import { openDatabase, type DB } from "#server/db/index.ts";
import { lockSchema, syncIdentities } from "#server/db/migrate.ts";
import { insertUser } from "#server/accounts/users.ts";
import { clock } from "#server/clock.ts";
import { insertRows, seedAccountExtras, seedCatalog, seedCreators, seedShortcutCategories } from "#server/content/seed.ts";
import { seedCircle, seedNews } from "#server/news/seed.ts";
import { seedProducts } from "#server/wallet/products.ts";
import { seedServices } from "#server/services/seed.ts";
import { seedDating } from "#server/dating/seed.ts";
import { seedNovels } from "#server/resources/novels/seed.ts";
import { seedAudio } from "#server/resources/audio/seed.ts";
import { seedPictures } from "#server/resources/pictures/seed.ts";
import { seedGames } from "#server/resources/games/seed.ts";
import { seedComics } from "#server/resources/comics/seed.ts";

export const DEMO_MEMBER = { phone: "13800000000", password: "demo123456", username: "演示会员", coins: 1000, level: 3 };

/** The demo member's VIP ends this long after seeding. */
export const DEMO_VIP_DAYS = 365;

export const REPORT_TYPES = ["内容违规", "涉及未成年人", "侵犯隐私或肖像", "广告欺诈", "视频无法播放", "标题与内容不符", "其他"];

const NOTICE_TITLES = ["系统维护通知", "新功能上线", "活动公告", "会员权益说明", "安全提醒", "线路切换通知"];

/**
 * Opens the database (migrated, server/db/index.ts) and seeds it: what start-up and the tests that open a database
 * of their own use. Seeding sits here, above the domains whose seeds it calls; the database module sits below them.
 */
export async function openSeededDatabase(opts: Parameters<typeof openDatabase>[0]): Promise<DB> {
  const db = await openDatabase(opts);
  try {
    // Two processes starting on one PostgreSQL seed once: the second waits for the lock and finds the data.
    await db.transaction(async (tx) => {
      await lockSchema(tx);
      await seed(tx);
    });
    await syncIdentities(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

/**
 * Idempotent: each part runs only when its table is empty, so restarts keep user data. `openSeededDatabase` calls it
 * inside a transaction (the transactions here then run inline).
 */
export async function seed(db: DB) {
  await db.transaction(async (db) => {
    if (!(await db.get("SELECT 1 FROM users WHERE phone = ?", [DEMO_MEMBER.phone]))) {
      const user = await insertUser(db, {
        phone: DEMO_MEMBER.phone,
        passwordHash: hashPasswordSync(DEMO_MEMBER.password),
        username: DEMO_MEMBER.username,
        coins: DEMO_MEMBER.coins,
        vipExpiresAt: clock.now() + DEMO_VIP_DAYS * 86_400_000,
        level: DEMO_MEMBER.level,
      });
      const now = clock.now();
      const messages: unknown[][] = [];
      for (let i = 1; i <= 12; i++) {
        messages.push([user.id, `站内消息 ${i}`, `这是第 ${i} 条示例站内消息，用于演示消息列表。`, i > 8 ? 0 : 1, now - (12 - i) * 3_600_000]);
      }
      await insertRows(db, "messages (user_id, title, content, is_read, created_at)", "(?, ?, ?, ?, ?)", messages);
    }
    if (!(await db.get("SELECT 1 FROM report_types"))) {
      await insertRows(db, "report_types (id, name, sort)", "(?, ?, ?)", REPORT_TYPES.map((name, i) => [i + 1, name, i]));
    }
    if (!(await db.get("SELECT 1 FROM notices"))) {
      const start = Date.UTC(2026, 0, 1);
      const notices: unknown[][] = [];
      for (let i = 1; i <= 36; i++) {
        const title = NOTICE_TITLES[i % NOTICE_TITLES.length];
        notices.push([`${title} 第${i}期`, `${title}：这是第 ${i} 条示例公告，内容为占位文字，仅用于演示公告列表的分页与展示。`, start + i * 86_400_000]);
      }
      await insertRows(db, "notices (title, content, created_at)", "(?, ?, ?)", notices);
    }
    if (!(await db.get("SELECT 1 FROM open_ads"))) {
      await db.run("INSERT INTO open_ads (id, title, img_url, url, duration, sort) VALUES (?, ?, ?, ?, ?, ?)", [
        1,
        "欢迎使用",
        "/media/placeholder/open-1.svg?w=750&h=1334&label=WELCOME",
        "/home",
        3,
        0,
      ]);
    }
    const demo = await db.value<number>("SELECT id FROM users WHERE phone = ?", [DEMO_MEMBER.phone]);
    await seedCatalog(db, demo);
    await seedAccountExtras(db, demo);
    await seedCreators(db, demo);
    await seedNews(db);
    await seedCircle(db, demo);
    await seedProducts(db);
    await seedDating(db);
    await seedServices(db);
    await seedNovels(db);
    await seedAudio(db);
    await seedPictures(db);
    await seedGames(db);
    await seedComics(db);
    await seedShortcutCategories(db);
  });
}
