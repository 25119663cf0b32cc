import type { DB } from "#server/db/index.ts";
import { clock } from "#server/clock.ts";

// An operator's review of what members reported (decisions 050, 069). `items.hidden` says where a post, headline or
// catalogue item stands, `comments.hidden`, `dating_reviews.hidden` and `users.profile_hidden` where a comment, a
// review and a profile do; a report (`reports.target`, `reports.item_id`) is open until reviewed
// (`reports.reviewed_at` 0), and only open reports count towards hiding.

/** `items.hidden` of a reviewed item: shown; hidden by reports until reviewed (its author still sees it); removed. */
export const SHOWN = 0;
export const HIDDEN_BY_REPORTS = 1;
export const REMOVED = 2;
/** `items.hidden` of an item an operator took down (`npm run admin -- content remove`, decision 084): not listed or sold; its buyers keep it. */
export const TAKEN_DOWN = 3;

/** SQL: an item the viewer `@uid` may see in a list: shown, or hidden by reports and theirs. */
export const SHOWN_TO_VIEWER = `(i.hidden = ${SHOWN} OR (i.hidden = ${HIDDEN_BY_REPORTS} AND i.creator_id = @uid))`;

/**
 * Items whose reports hide them: posts and headlines (decision 050), the catalogue's kinds members report through
 * `/api/system/report` (decision 069), and videos and comics (decision 073).
 */
export const REVIEWED_ITEM_KINDS = ["post", "headline", "novel", "picture", "audio", "game", "news", "video", "comic"] as const;
export type ReviewedItemKind = (typeof REVIEWED_ITEM_KINDS)[number];
/** What members write that is not an item (decision 069): a comment or reply, a dating review, a member's profile, a bullet comment (decision 082). */
export const WRITTEN_TARGETS = ["comment", "review", "member", "danmu"] as const;
export type WrittenTarget = (typeof WRITTEN_TARGETS)[number];
export type ReviewedKind = ReviewedItemKind | WrittenTarget;

/** The noun of each kind, in the members' words. */
export const NOUNS: Record<ReviewedKind, string> = {
  post: "帖子",
  headline: "头条",
  novel: "小说",
  picture: "图集",
  audio: "有声书",
  game: "游戏",
  news: "文章",
  video: "视频",
  comic: "漫画",
  comment: "评论",
  review: "评价",
  member: "资料",
  danmu: "弹幕",
};

/** What everyone, its author too, is told of a removed post or headline. */
export const removedWords = (kind: ReviewedKind) => `该${NOUNS[kind]}因违规已被移除`;
/** What others see in place of a comment or review hidden by reports (its author still sees it). */
export const hiddenWords = (kind: ReviewedKind) => `该${NOUNS[kind]}已被隐藏`;

/** The detail's words when `viewer` may not see it, or null when they may. */
export function refusalOf(kind: ReviewedKind, item: { hidden: number; creator_id: number | null }, viewer: number): string | null {
  if (Number(item.hidden) === REMOVED) return removedWords(kind);
  if (Number(item.hidden) === HIDDEN_BY_REPORTS && item.creator_id !== viewer) return `该${NOUNS[kind]}被多人举报，审核前暂不显示`;
  return null;
}

/**
 * Where the review state of each written target lives (decision 069): its table, its author column, and its
 * `hidden`/`hidden_at` columns (`users.profile_hidden` for a profile).
 */
export const WRITTEN: Record<WrittenTarget, { table: string; author: string; hidden: string; hiddenAt: string; text: string }> = {
  comment: { table: "comments", author: "user_id", hidden: "hidden", hiddenAt: "hidden_at", text: "t.content" },
  review: { table: "dating_reviews", author: "user_id", hidden: "hidden", hiddenAt: "hidden_at", text: "t.content" },
  member: { table: "users", author: "id", hidden: "profile_hidden", hiddenAt: "profile_hidden_at", text: "COALESCE(t.nickname, '') || ' ' || COALESCE(t.intro, '')" },
  danmu: { table: "danmu", author: "user_id", hidden: "hidden", hiddenAt: "hidden_at", text: "t.content" },
};

export interface ReportedItem {
  id: number;
  kind: ReviewedKind;
  /** What the operator names it by: the id of an item, `comment:ID`, `review:ID`, `member:ID` or `danmu:ID` otherwise. */
  ref: string;
  author_id: number;
  author: string;
  text: string;
  hidden: boolean;
  hidden_at: number;
  reward_coins: number;
  reporters: number;
  /** Report types with how many open reports give each, most first. */
  types: { type: string; count: number }[];
  /** The reporters' own words, where they wrote some. */
  texts: string[];
}

interface ReportedRow {
  id: number;
  kind: ReviewedKind;
  creator_id: number;
  nickname: string;
  username: string;
  text: string;
  hidden: number;
  hidden_at: number;
  coins: number;
}

/** Items and written things hidden by reports, oldest hidden first; with `all`, also those with an open report still shown. */
export async function reportedItems(db: DB, all: boolean): Promise<ReportedItem[]> {
  const params = { hidden: HIDDEN_BY_REPORTS, shown: SHOWN, all: all ? 1 : 0, kinds: [...REVIEWED_ITEM_KINDS] };
  const items = await db.all<ReportedRow>(
    `SELECT i.id, i.kind, i.creator_id, u.nickname, u.username, CASE WHEN i.title <> '' THEN i.title ELSE i.description END AS text, i.hidden, i.hidden_at, i.coins
     FROM items i LEFT JOIN users u ON u.id = i.creator_id
     WHERE i.kind IN (@kinds) AND (i.hidden = @hidden
       OR (@all = 1 AND i.hidden = @shown AND EXISTS (SELECT 1 FROM reports r WHERE r.target = 'item' AND r.item_id = i.id AND r.reviewed_at = 0)))`,
    params,
  );
  const written = await Promise.all(
    WRITTEN_TARGETS.map(async (target) => {
      const w = WRITTEN[target];
      return await db.all<ReportedRow>(
        `SELECT t.id, '${target}' AS kind, t.${w.author} AS creator_id, u.nickname, u.username, ${w.text} AS text, t.${w.hidden} AS hidden, t.${w.hiddenAt} AS hidden_at, 0 AS coins
         FROM ${w.table} t JOIN users u ON u.id = t.${w.author}
         WHERE t.${w.hidden} = @hidden
           OR (@all = 1 AND t.${w.hidden} = @shown AND EXISTS (SELECT 1 FROM reports r WHERE r.target = '${target}' AND r.item_id = t.id AND r.reviewed_at = 0))`,
        params,
      );
    }),
  );
  const rows = [...items, ...written.flat()].sort((a, b) => Number(b.hidden) - Number(a.hidden) || Number(a.hidden_at) - Number(b.hidden_at) || a.kind.localeCompare(b.kind) || Number(a.id) - Number(b.id));
  const targetOf = (kind: ReviewedKind) => ((WRITTEN_TARGETS as readonly string[]).includes(kind) ? kind : "item");
  const reports = await db.all<{ target: string; item_id: number; user_id: number; type: string; content: string }>(
    `SELECT r.target, r.item_id, r.user_id, t.name AS type, r.content FROM reports r JOIN report_types t ON t.id = r.type_id
     WHERE r.item_id IN (@ids) AND r.reviewed_at = 0 ORDER BY r.id`,
    { ids: rows.map((r) => r.id) },
  );
  return rows.map((r) => {
    const mine = reports.filter((x) => Number(x.item_id) === Number(r.id) && x.target === targetOf(r.kind));
    const counts = new Map<string, number>();
    for (const x of mine) counts.set(x.type, (counts.get(x.type) ?? 0) + 1);
    return {
      id: Number(r.id),
      kind: r.kind,
      ref: targetOf(r.kind) === "item" ? String(r.id) : `${r.kind}:${r.id}`,
      author_id: r.creator_id,
      author: r.nickname || r.username || "",
      text: String(r.text ?? "").replace(/\s+/g, " ").trim().slice(0, 40),
      hidden: Number(r.hidden) === HIDDEN_BY_REPORTS,
      hidden_at: Number(r.hidden_at),
      reward_coins: r.kind === "post" ? Number(r.coins) : 0,
      reporters: new Set(mine.map((x) => x.user_id)).size,
      types: [...counts].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count),
      texts: mine.map((x) => x.content).filter(Boolean),
    };
  });
}

/** A review that cannot be done (unknown id, another kind, nothing left to review): said to the operator. */
export class ReviewRefused extends Error {}

export interface ReviewOutcome {
  id: number;
  kind: ReviewedKind;
  ref: string;
  verdict: "restore" | "remove";
  reports_reviewed: number;
  /** A removed request's reward: it stays where it is (decision 050). */
  reward_coins: number;
}

/** A reference the operator gives (`12`, `comment:12`, `review:3`, `member:7`, `danmu:5`) as a target and an id, or null. */
export function parseRef(ref: string | number): { target: "item" | WrittenTarget; id: number } | null {
  const m = new RegExp(`^(?:(${WRITTEN_TARGETS.join("|")}):)?(\\d{1,12})$`).exec(String(ref).trim());
  return m ? { target: (m[1] as WrittenTarget | undefined) ?? "item", id: Number(m[2]) } : null;
}

/**
 * Settles the open reports of an item, a comment, a review or a profile: `restore` shows it again, `remove` takes
 * it out for good (a profile's nickname, avatar and introduction are cleared instead: the member writes new ones).
 * Either way its open reports become reviewed, so only new reporters can hide it again.
 */
export async function reviewReported(db: DB, ref: string | number, verdict: "restore" | "remove"): Promise<ReviewOutcome> {
  const parsed = parseRef(ref);
  if (!parsed) throw new ReviewRefused(`not an item id nor comment:ID, review:ID, member:ID, danmu:ID: ${ref}`);
  const { target, id } = parsed;
  return await db.transaction(async (db) => {
    const now = clock.now();
    if (target === "item") {
      const item = await db.get<{ kind: string; hidden: number; coins: number }>(`SELECT kind, hidden, coins FROM items WHERE id = ?${db.forUpdate}`, [id]);
      if (!item) throw new ReviewRefused(`no item ${id}`);
      if (!(REVIEWED_ITEM_KINDS as readonly string[]).includes(item.kind)) throw new ReviewRefused(`item ${id} is a ${item.kind}, not one whose reports hide it`);
      const kind = item.kind as ReviewedItemKind;
      if (Number(item.hidden) === REMOVED) throw new ReviewRefused(`${kind} ${id} was already reviewed: removed`);
      const reviewed = await db.run("UPDATE reports SET reviewed_at = ? WHERE target = 'item' AND item_id = ? AND reviewed_at = 0", [now, id]);
      if (!reviewed && Number(item.hidden) === SHOWN) throw new ReviewRefused(`${kind} ${id} has no open report: already reviewed, or never reported`);
      if (verdict === "restore") await db.run("UPDATE items SET hidden = ?, hidden_at = 0 WHERE id = ?", [SHOWN, id]);
      else await db.run("UPDATE items SET hidden = ? WHERE id = ?", [REMOVED, id]);
      return { id, kind, ref: String(id), verdict, reports_reviewed: reviewed, reward_coins: kind === "post" && verdict === "remove" ? Number(item.coins) : 0 };
    }
    const w = WRITTEN[target];
    const row = await db.get<{ hidden: number }>(`SELECT ${w.hidden} AS hidden FROM ${w.table} WHERE id = ?${db.forUpdate}`, [id]);
    if (!row) throw new ReviewRefused(`no ${target} ${id}`);
    if (Number(row.hidden) === REMOVED) throw new ReviewRefused(`${target} ${id} was already reviewed: removed`);
    const reviewed = await db.run("UPDATE reports SET reviewed_at = ? WHERE target = ? AND item_id = ? AND reviewed_at = 0", [now, target, id]);
    if (!reviewed && Number(row.hidden) === SHOWN) throw new ReviewRefused(`${target} ${id} has no open report: already reviewed, or never reported`);
    if (verdict === "restore") await db.run(`UPDATE ${w.table} SET ${w.hidden} = ?, ${w.hiddenAt} = 0 WHERE id = ?`, [SHOWN, id]);
    else if (target === "member") await db.run("UPDATE users SET nickname = '', avatar_url = '', intro = '', profile_hidden = ?, profile_hidden_at = 0 WHERE id = ?", [SHOWN, id]);
    else await db.run(`UPDATE ${w.table} SET ${w.hidden} = ? WHERE id = ?`, [REMOVED, id]);
    return { id, kind: target, ref: `${target}:${id}`, verdict, reports_reviewed: reviewed, reward_coins: 0 };
  });
}
