import type { AudioChapter, AudioDetail, AudioViewer } from "#gateway/api/audio.ts";
import type { UserRow } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import type { Caller } from "#server/http/registry.ts";
import { paged } from "#server/http/registry.ts";
import { unitIsOpen, wholeBookPriceFor } from "#server/wallet/book-sales.ts";
import { marksOf, requireResource, toResourceItem } from "../items.ts";
import { audioUrl, toneOf } from "./tones.ts";

// An audio book as the caller sees it: chapters open to them (free, bought alone or with the book) carry their
// audio's address; locked ones their price only.

export const NOUN = "有声书";

/** An `item_units` row of a book: a chapter, with its tone (`media`). */
type ChapterRow = Omit<AudioChapter, "can_open" | "duration" | "audio_url"> & { media: string };

const CHAPTER_COLUMNS = "id, item_id, seq, title, coins, vip_free, media";

const memberOf = (caller: Caller): UserRow | null => (caller.isMember ? caller.user : null);

export const requireBook = (db: DB, id: number, uid: number) => requireResource(db, "audio", id, uid, NOUN);

const viewerOf = (user: UserRow | null): AudioViewer => ({
  coins: user ? Number(user.coins) : 0,
  vip: user ? Number(user.vip) : 0,
  tickets: 0,
  community_left: 0,
  is_member: user ? 1 : 0,
});

/** Whether `user` may play a chapter: the whole book or the chapter bought, or open to them without a purchase. */
async function openTest(db: DB, user: UserRow | null, itemId: number): Promise<(c: ChapterRow) => boolean> {
  const rows = user ? await db.all<{ unit_id: number }>("SELECT unit_id FROM purchases WHERE user_id = ? AND item_id = ?", [user.id, itemId]) : [];
  const bought = new Set(rows.map((r) => Number(r.unit_id)));
  return (c) => bought.has(0) || bought.has(Number(c.id)) || unitIsOpen(user, { coins: Number(c.coins), vip_free: Number(c.vip_free) });
}

const secondsOf = (c: ChapterRow) => toneOf(c.media)?.seconds ?? 0;

export async function audioChapters(db: DB, caller: Caller, origin: string, secret: string, itemId: number, page: number, limit: number) {
  await requireBook(db, itemId, caller.user.id);
  const user = memberOf(caller);
  const isOpen = await openTest(db, user, itemId);
  const total = Number(await db.value("SELECT COUNT(*) FROM item_units WHERE item_id = ?", [itemId]));
  const rows = await db.all<ChapterRow>(`SELECT ${CHAPTER_COLUMNS} FROM item_units WHERE item_id = ? ORDER BY seq LIMIT ? OFFSET ?`, [itemId, limit, (page - 1) * limit]);
  const list = rows.map((c): AudioChapter => {
    const open = isOpen(c);
    return {
      id: Number(c.id),
      item_id: Number(c.item_id),
      seq: Number(c.seq),
      title: c.title,
      coins: Number(c.coins),
      vip_free: c.vip_free ? 1 : 0,
      can_open: open ? 1 : 0,
      duration: secondsOf(c),
      audio_url: open ? audioUrl(origin, secret, Number(c.id), user?.id ?? 0) : null,
    };
  });
  return paged(list, page, limit, total);
}

export async function audioDetail(db: DB, origin: string, caller: Caller, id: number): Promise<AudioDetail> {
  const row = await requireBook(db, id, caller.user.id);
  const user = memberOf(caller);
  const isOpen = await openTest(db, user, id);
  const chapters = await db.all<ChapterRow>(`SELECT ${CHAPTER_COLUMNS} FROM item_units WHERE item_id = ?`, [id]);
  return {
    ...toResourceItem(origin, row),
    kind: "audio",
    ...marksOf(row),
    book_price: await wholeBookPriceFor(db, user, row),
    open_count: chapters.filter(isOpen).length,
    duration: chapters.reduce((sum, c) => sum + secondsOf(c), 0),
    viewer: viewerOf(user),
  };
}
