import type { DB } from "#server/db/index.ts";

// An operator's review of posts and headlines that members reported (decision 050). `items.hidden` says where a
// post or headline stands; a report is open until reviewed (`reports.reviewed_at` 0), and only open reports count
// towards hiding it (`hideWhenReported`).

/** `items.hidden` of a post or headline: shown; hidden by reports until reviewed (its author still sees it); removed. */
export const SHOWN = 0;
export const HIDDEN_BY_REPORTS = 1;
export const REMOVED = 2;

/** SQL: an item the viewer `@uid` may see in a list: shown, or hidden by reports and theirs. */
export const SHOWN_TO_VIEWER = `(i.hidden = ${SHOWN} OR (i.hidden = ${HIDDEN_BY_REPORTS} AND i.creator_id = @uid))`;

export type ReviewedKind = "post" | "headline";
const noun: Record<ReviewedKind, string> = { post: "帖子", headline: "头条" };

/** What everyone, its author too, is told of a removed post or headline. */
export const removedWords = (kind: ReviewedKind) => `该${noun[kind]}因违规已被移除`;

/** The detail's words when `viewer` may not see it, or null when they may. */
export function refusalOf(kind: ReviewedKind, item: { hidden: number; creator_id: number }, viewer: number): string | null {
  if (Number(item.hidden) === REMOVED) return removedWords(kind);
  if (Number(item.hidden) === HIDDEN_BY_REPORTS && item.creator_id !== viewer) return `该${noun[kind]}被多人举报，审核前暂不显示`;
  return null;
}

export interface ReportedItem {
  id: number;
  kind: ReviewedKind;
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

/** Posts and headlines hidden by reports, oldest hidden first; with `all`, also those with an open report still shown. */
export async function reportedItems(db: DB, all: boolean): Promise<ReportedItem[]> {
  const rows = await db.all<{
    id: number;
    kind: ReviewedKind;
    creator_id: number;
    nickname: string;
    username: string;
    title: string;
    description: string;
    hidden: number;
    hidden_at: number;
    coins: number;
  }>(
    `SELECT i.id, i.kind, i.creator_id, u.nickname, u.username, i.title, i.description, i.hidden, i.hidden_at, i.coins
     FROM items i JOIN users u ON u.id = i.creator_id
     WHERE i.kind IN ('post', 'headline') AND (i.hidden = @hidden
       OR (@all = 1 AND i.hidden = @shown AND EXISTS (SELECT 1 FROM reports r WHERE r.item_id = i.id AND r.reviewed_at = 0)))
     ORDER BY i.hidden DESC, i.hidden_at, i.id`,
    { hidden: HIDDEN_BY_REPORTS, shown: SHOWN, all: all ? 1 : 0 },
  );
  const reports = await db.all<{ item_id: number; user_id: number; type: string; content: string }>(
    `SELECT r.item_id, r.user_id, t.name AS type, r.content FROM reports r JOIN report_types t ON t.id = r.type_id
     WHERE r.item_id IN (@ids) AND r.reviewed_at = 0 ORDER BY r.id`,
    { ids: rows.map((r) => r.id) },
  );
  return rows.map((r) => {
    const mine = reports.filter((x) => x.item_id === r.id);
    const counts = new Map<string, number>();
    for (const x of mine) counts.set(x.type, (counts.get(x.type) ?? 0) + 1);
    return {
      id: r.id,
      kind: r.kind,
      author_id: r.creator_id,
      author: r.nickname || r.username,
      text: (r.title || r.description).replace(/\s+/g, " ").slice(0, 40),
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
  verdict: "restore" | "remove";
  reports_reviewed: number;
  /** A removed request's reward: it stays where it is (decision 050). */
  reward_coins: number;
}

/**
 * Settles the open reports of a post or headline: `restore` shows it again, `remove` takes it out of every feed
 * and detail for good. Either way its open reports become reviewed, so only new reporters can hide it again.
 */
export async function reviewReported(db: DB, id: number, verdict: "restore" | "remove"): Promise<ReviewOutcome> {
  return await db.transaction(async (db) => {
    const item = await db.get<{ kind: string; hidden: number; coins: number }>("SELECT kind, hidden, coins FROM items WHERE id = ?", [id]);
    if (!item) throw new ReviewRefused(`no post or headline ${id}`);
    if (item.kind !== "post" && item.kind !== "headline") throw new ReviewRefused(`item ${id} is a ${item.kind}, not a post or headline`);
    const kind: ReviewedKind = item.kind;
    if (Number(item.hidden) === REMOVED) throw new ReviewRefused(`${kind} ${id} was already reviewed: removed`);
    const now = Date.now();
    const reviewed = await db.run("UPDATE reports SET reviewed_at = ? WHERE item_id = ? AND reviewed_at = 0", [now, id]);
    if (!reviewed && Number(item.hidden) === SHOWN) throw new ReviewRefused(`${kind} ${id} has no open report: already reviewed, or never reported`);
    if (verdict === "restore") await db.run("UPDATE items SET hidden = ?, hidden_at = 0 WHERE id = ?", [SHOWN, id]);
    else await db.run("UPDATE items SET hidden = ? WHERE id = ?", [REMOVED, id]);
    return { id, kind, verdict, reports_reviewed: reviewed, reward_coins: kind === "post" && verdict === "remove" ? Number(item.coins) : 0 };
  });
}
