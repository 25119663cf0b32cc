import type { AudioChapter, AudioDetail } from "#gateway/api/audio.ts";
import type { DB } from "#server/db/index.ts";
import type { Caller } from "#server/http/registry.ts";
import { paged } from "#server/http/registry.ts";
import { wholeBookPriceFor } from "#server/wallet/book-sales.ts";
import { viewerOf, marksOf, memberOf, requireResource, toResourceItem, toResourceUnit, UNIT_COLUMNS, unitAccess, type UnitRow } from "../items.ts";
import { audioUrl, chapterSeconds } from "./tones.ts";

// An audio book as the caller sees it: chapters open to them (free, bought alone or with the book) carry their
// audio's address; locked ones their price only.

export const NOUN = "有声书";

/** An `item_units` row of a book: a chapter, with its tone (`media`). */
type ChapterRow = UnitRow & { media: string };

const CHAPTER_COLUMNS = `${UNIT_COLUMNS}, media`;

export const requireBook = (db: DB, id: number, uid: number) => requireResource(db, "audio", id, uid, NOUN);

const secondsOf = (c: ChapterRow) => chapterSeconds(c.media);

export async function audioChapters(db: DB, caller: Caller, origin: string, secret: string, itemId: number, page: number, limit: number) {
  await requireBook(db, itemId, caller.user.id);
  const user = memberOf(caller);
  const { opens } = await unitAccess(db, user, itemId);
  const total = Number(await db.value("SELECT COUNT(*) FROM item_units WHERE item_id = ?", [itemId]));
  const rows = await db.all<ChapterRow>(`SELECT ${CHAPTER_COLUMNS} FROM item_units WHERE item_id = ? ORDER BY seq LIMIT ? OFFSET ?`, [itemId, limit, (page - 1) * limit]);
  const list = rows.map((c): AudioChapter => {
    const open = opens(c);
    return { ...toResourceUnit(c, open), duration: secondsOf(c), audio_url: open ? audioUrl(origin, secret, Number(c.id), user?.id ?? 0, undefined, c.media) : null };
  });
  return paged(list, page, limit, total);
}

export async function audioDetail(db: DB, origin: string, caller: Caller, id: number): Promise<AudioDetail> {
  const row = await requireBook(db, id, caller.user.id);
  const user = memberOf(caller);
  const { opens } = await unitAccess(db, user, id);
  const chapters = await db.all<ChapterRow>(`SELECT ${CHAPTER_COLUMNS} FROM item_units WHERE item_id = ?`, [id]);
  return {
    ...toResourceItem(origin, row),
    kind: "audio",
    ...marksOf(row),
    book_price: await wholeBookPriceFor(db, user, row),
    open_count: chapters.filter(opens).length,
    duration: chapters.reduce((sum, c) => sum + secondsOf(c), 0),
    viewer: viewerOf(caller),
  };
}
