import { isVip, type UserRow } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError } from "#server/http/registry.ts";
import { buyUnit, type PurchaseOutcome } from "./purchases.ts";

// Chapters, episodes and whole books of comics, novels and audio books (decision 041). Every sale goes through
// `buyUnit`: the member's row locked, ownership re-read, one purchase per unit.

/** An item sold by chapters (comic, novel, audio). */
export type BookKind = "comic" | "novel" | "audio";

const NOUN: Record<BookKind, { book: string; unit: string }> = {
  comic: { book: "漫画", unit: "章节" },
  novel: { book: "小说", unit: "章节" },
  audio: { book: "有声书", unit: "章节" },
};

interface BookRow {
  id: number;
  coins: number;
  vip_free: number;
}

async function bookRow(db: DB, kind: BookKind, itemId: number): Promise<BookRow> {
  const row = await db.get<BookRow>("SELECT id, coins, vip_free FROM items WHERE id = ? AND kind = ? AND hidden = 0", [itemId, kind]);
  if (!row) throw new ApiError(404, `${NOUN[kind].book}不存在或已下架`);
  return row;
}


/** Coins the member already paid for single chapters of the book: they count towards the whole book. */
export async function coinsPaidForChapters(db: DB, userId: number, itemId: number): Promise<number> {
  return Number((await db.value("SELECT COALESCE(SUM(coins), 0) FROM purchases WHERE user_id = ? AND item_id = ? AND unit_id <> 0", [userId, itemId])) ?? 0);
}

/**
 * What the whole book costs this member now: its price less what they paid for its chapters, never below
 * zero (decision 041). A book whose price is 0 is not sold whole.
 */
export async function wholeBookPrice(db: DB, userId: number, book: BookRow): Promise<number> {
  return Math.max(0, book.coins - (await coinsPaidForChapters(db, userId, book.id)));
}

/**
 * What the whole book costs the caller now, as a book's screen shows it: 0 when they own it (`is_pay`) or it is
 * not sold whole, its listed price for a visitor, else `wholeBookPrice`.
 */
export async function wholeBookPriceFor(db: DB, user: Pick<UserRow, "id"> | null, book: BookRow & { is_pay: number }): Promise<number> {
  if (book.is_pay || Number(book.coins) <= 0) return 0;
  return user ? await wholeBookPrice(db, user.id, { id: Number(book.id), coins: Number(book.coins), vip_free: book.vip_free }) : Number(book.coins);
}

/** Sells one chapter or episode (`item_units.id`) of a book, once. Free and VIP-free (for VIPs) units are not sold. */
export async function buyChapter(db: DB, kind: BookKind, userId: number, itemId: number, unitId: number, requestId: string): Promise<PurchaseOutcome> {
  return await buyUnit(db, {
    userId,
    itemId,
    unitId,
    requestId,
    reason: `buy_${kind}_chapter`,
    price: async (db, user) => {
      await bookRow(db, kind, itemId);
      const unit = await db.get<{ coins: number; vip_free: number }>("SELECT coins, vip_free FROM item_units WHERE id = ? AND item_id = ?", [unitId, itemId]);
      if (!unit) throw new ApiError(404, `${NOUN[kind].unit}不存在`);
      if (unitIsOpen(user, unit)) throw new ApiError(400, `该${NOUN[kind].unit}可以免费${kind === "audio" ? "收听" : "阅读"}，无需购买`);
      if (unit.coins <= 0) throw new ApiError(400, `该${NOUN[kind].unit}仅限 VIP ${kind === "audio" ? "收听" : "阅读"}`);
      return unit.coins;
    },
  });
}

/** Sells a whole book, once: every chapter, at the price `wholeBookPrice` gives. */
export async function buyWholeBook(db: DB, kind: BookKind, userId: number, itemId: number, requestId: string): Promise<PurchaseOutcome> {
  return await buyUnit(db, {
    userId,
    itemId,
    requestId,
    reason: `buy_${kind}_book`,
    price: async (db) => {
      const book = await bookRow(db, kind, itemId);
      if (book.coins <= 0) throw new ApiError(400, `该${NOUN[kind].book}不能整本购买，请按${NOUN[kind].unit}购买`);
      return await wholeBookPrice(db, userId, book);
    },
  });
}

/** A unit open to this member without a purchase: free to all (no coins, not VIP-only), or VIP-free for a VIP. */
export function unitIsOpen(user: Pick<UserRow, "vip_expires_at"> | null, unit: { coins: number; vip_free: number }): boolean {
  if (unit.vip_free) return user !== null && isVip(user);
  return unit.coins <= 0;
}

/**
 * Whether the member may read or play a unit: open to them (`unitIsOpen`), or bought (the unit or the whole
 * book). A unit with `vip_free` and no coins is for VIPs only.
 */
export async function mayOpenUnit(db: DB, user: UserRow | null, itemId: number, unit: { id: number; coins: number; vip_free: number }): Promise<boolean> {
  if (unitIsOpen(user, unit)) return true;
  if (!user) return false;
  return (await db.get("SELECT 1 FROM purchases WHERE user_id = ? AND item_id = ? AND unit_id IN (0, ?)", [user.id, itemId, unit.id])) !== undefined;
}
