import type { NovelChapter, NovelDetail } from "#gateway/api/novels.ts";
import { SHOWN, TAKEN_DOWN } from "#server/community/report-review.ts";
import type { DB } from "#server/db/index.ts";
import type { Caller } from "#server/http/registry.ts";
import { ApiError, paged } from "#server/http/registry.ts";
import { mayOpenUnit, wholeBookPriceFor } from "#server/wallet/book-sales.ts";
import { viewerOf, marksOf, memberOf, requireResource, toResourceItem, toResourceUnit, UNIT_COLUMNS, unitAccess, type UnitRow } from "../items.ts";

// A novel's chapters as the caller sees them: open (free, VIP-free for a VIP, bought alone or with the book) or
// locked with their price. Only an open chapter's text leaves the server.

export const NOUN = "小说";

export async function pageOfChapters(db: DB, caller: Caller, itemId: number, page: number, limit: number) {
  await requireResource(db, "novel", itemId, caller.user.id, NOUN);
  const access = await unitAccess(db, memberOf(caller), itemId);
  const total = Number(await db.value("SELECT COUNT(*) FROM item_units WHERE item_id = ?", [itemId]));
  const rows = await db.all<UnitRow>(`SELECT ${UNIT_COLUMNS} FROM item_units WHERE item_id = ? ORDER BY seq LIMIT ? OFFSET ?`, [itemId, limit, (page - 1) * limit]);
  return paged(
    rows.map((u) => toResourceUnit(u, access.opens(u))),
    page,
    limit,
    total,
  );
}

export async function novelDetail(db: DB, origin: string, caller: Caller, id: number): Promise<NovelDetail> {
  const row = await requireResource(db, "novel", id, caller.user.id, NOUN);
  const user = memberOf(caller);
  const access = await unitAccess(db, user, id);
  const units = await db.all<UnitRow>(`SELECT ${UNIT_COLUMNS} FROM item_units WHERE item_id = ?`, [id]);
  return {
    ...toResourceItem(origin, row),
    kind: "novel",
    ...marksOf(row),
    book_price: await wholeBookPriceFor(db, user, row),
    open_count: units.filter(access.opens).length,
    viewer: viewerOf(caller),
  };
}

export async function novelChapter(db: DB, caller: Caller, chapterId: number): Promise<NovelChapter> {
  const unit = await db.get<UnitRow & { body: string }>(
    `SELECT u.id, u.item_id, u.seq, u.title, u.coins, u.vip_free, u.body FROM item_units u JOIN items i ON i.id = u.item_id
     WHERE u.id = ? AND i.kind = 'novel' AND i.hidden IN (${SHOWN}, ${TAKEN_DOWN})`,
    [chapterId],
  );
  if (!unit) throw new ApiError(404, "章节不存在或已下架");
  const row = await requireResource(db, "novel", Number(unit.item_id), caller.user.id, NOUN);
  const user = memberOf(caller);
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
    book_price: await wholeBookPriceFor(db, user, row),
    viewer: viewerOf(caller),
  };
}
