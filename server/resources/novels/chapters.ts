import type { NovelChapter, NovelDetail, NovelViewer } from "#gateway/api/novels.ts";
import type { ResourceUnit } from "#gateway/api/resources.ts";
import type { UserRow } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import type { Caller } from "#server/http/registry.ts";
import { ApiError, paged } from "#server/http/registry.ts";
import { mayOpenUnit, unitIsOpen, wholeBookPrice } from "#server/wallet/book-sales.ts";
import { requireResource, toResourceItem, type ResourceRow } from "../items.ts";

// A novel's chapters as the caller sees them: open (free, VIP-free for a VIP, bought alone or with the book) or
// locked with their price. Only an open chapter's text leaves the server.

export const NOUN = "小说";

interface UnitRow {
  id: number;
  item_id: number;
  seq: number;
  title: string;
  coins: number;
  vip_free: number;
}

const member = (caller: Caller): UserRow | null => (caller.isMember ? caller.user : null);

export const viewerOf = (caller: Caller): NovelViewer => ({
  coins: caller.isMember ? Number(caller.user.coins) : 0,
  vip: caller.isMember ? Number(caller.user.vip) : 0,
  tickets: 0,
  community_left: 0,
  is_member: caller.isMember ? 1 : 0,
});

/** The chapter ids the member bought one by one in a novel (a whole-book purchase opens them all). */
async function boughtUnits(db: DB, user: UserRow | null, itemId: number): Promise<{ whole: boolean; units: Set<number> }> {
  if (!user) return { whole: false, units: new Set() };
  const rows = await db.all<{ unit_id: number }>("SELECT unit_id FROM purchases WHERE user_id = ? AND item_id = ?", [user.id, itemId]);
  const units = new Set(rows.map((r) => Number(r.unit_id)));
  return { whole: units.has(0), units };
}

const isOpen = (user: UserRow | null, bought: { whole: boolean; units: Set<number> }, u: UnitRow) =>
  bought.whole || bought.units.has(Number(u.id)) || unitIsOpen(user, { coins: Number(u.coins), vip_free: Number(u.vip_free) });

const toUnit = (u: UnitRow, open: boolean): ResourceUnit => ({
  id: Number(u.id),
  item_id: Number(u.item_id),
  seq: Number(u.seq),
  title: u.title,
  coins: Number(u.coins),
  vip_free: u.vip_free ? 1 : 0,
  can_open: open ? 1 : 0,
});

const UNIT_COLUMNS = "id, item_id, seq, title, coins, vip_free";

export async function pageOfChapters(db: DB, caller: Caller, itemId: number, page: number, limit: number) {
  await requireResource(db, "novel", itemId, caller.user.id, NOUN);
  const user = member(caller);
  const bought = await boughtUnits(db, user, itemId);
  const total = Number(await db.value("SELECT COUNT(*) FROM item_units WHERE item_id = ?", [itemId]));
  const rows = await db.all<UnitRow>(`SELECT ${UNIT_COLUMNS} FROM item_units WHERE item_id = ? ORDER BY seq LIMIT ? OFFSET ?`, [itemId, limit, (page - 1) * limit]);
  return paged(
    rows.map((u) => toUnit(u, isOpen(user, bought, u))),
    page,
    limit,
    total,
  );
}

/** What the whole book costs the caller now; 0 when bought or not sold whole. */
async function bookPrice(db: DB, user: UserRow | null, row: ResourceRow): Promise<number> {
  if (row.is_pay || Number(row.coins) <= 0) return 0;
  return user ? await wholeBookPrice(db, user.id, { id: Number(row.id), coins: Number(row.coins), vip_free: row.vip_free }) : Number(row.coins);
}

export async function novelDetail(db: DB, origin: string, caller: Caller, id: number): Promise<NovelDetail> {
  const row = await requireResource(db, "novel", id, caller.user.id, NOUN);
  const user = member(caller);
  const bought = await boughtUnits(db, user, id);
  const units = await db.all<UnitRow>(`SELECT ${UNIT_COLUMNS} FROM item_units WHERE item_id = ?`, [id]);
  return {
    ...toResourceItem(origin, row),
    kind: "novel",
    is_like: row.is_like ? 1 : 0,
    is_favorite: row.is_favorite ? 1 : 0,
    is_follow: row.is_follow ? 1 : 0,
    book_price: await bookPrice(db, user, row),
    open_count: units.filter((u) => isOpen(user, bought, u)).length,
    viewer: viewerOf(caller),
  };
}

export async function novelChapter(db: DB, caller: Caller, chapterId: number): Promise<NovelChapter> {
  const unit = await db.get<UnitRow & { body: string }>(
    `SELECT u.id, u.item_id, u.seq, u.title, u.coins, u.vip_free, u.body FROM item_units u JOIN items i ON i.id = u.item_id
     WHERE u.id = ? AND i.kind = 'novel' AND i.hidden = 0`,
    [chapterId],
  );
  if (!unit) throw new ApiError(404, "章节不存在或已下架");
  const row = await requireResource(db, "novel", Number(unit.item_id), caller.user.id, NOUN);
  const user = member(caller);
  const open = await mayOpenUnit(db, user, Number(unit.item_id), { id: Number(unit.id), coins: Number(unit.coins), vip_free: Number(unit.vip_free) });
  const near = await db.get<{ prev_id: number | null; next_id: number | null; chapter_count: number }>(
    `SELECT (SELECT id FROM item_units WHERE item_id = @item AND seq < @seq ORDER BY seq DESC LIMIT 1) AS prev_id,
       (SELECT id FROM item_units WHERE item_id = @item AND seq > @seq ORDER BY seq LIMIT 1) AS next_id,
       (SELECT COUNT(*) FROM item_units WHERE item_id = @item) AS chapter_count`,
    { item: unit.item_id, seq: unit.seq },
  );
  return {
    id: Number(unit.id),
    item_id: Number(unit.item_id),
    novel_title: row.title,
    seq: Number(unit.seq),
    title: unit.title,
    coins: Number(unit.coins),
    vip_free: unit.vip_free ? 1 : 0,
    locked: open ? 0 : 1,
    content: open ? unit.body : "",
    prev_id: Number(near?.prev_id ?? 0),
    next_id: Number(near?.next_id ?? 0),
    chapter_count: Number(near?.chapter_count ?? 0),
    book_price: await bookPrice(db, user, row),
    viewer: viewerOf(caller),
  };
}
