import type { ComicDetail, ComicEpisodeRead, ComicPage } from "#gateway/api/comics.ts";
import type { ResourceUnit } from "#gateway/api/resources.ts";
import { encImageUrl } from "#server/content/media.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, type Caller } from "#server/http/registry.ts";
import { unitIsOpen, wholeBookPrice } from "#server/wallet/book-sales.ts";
import { requireResource, toResourceItem, type ResourceRow } from "../items.ts";
import { viewerOf } from "../whole-items.ts";

// A comic's detail, its episodes and an episode's pages (issue 19, decision 042). An episode's pages are a JSON
// list of image seeds in `item_units.body`; they leave here as encrypted image addresses, only to a caller who
// may open the episode.

export const NOUN = "漫画";
/** The width pages are drawn at: a phone's width at 2× is enough. */
export const PAGE_WIDTH = 720;

/** An episode as stored, before `can_open` is worked out for the caller. */
type UnitRow = Omit<ResourceUnit, "can_open">;

export const requireComic = (db: DB, id: number, uid: number) => requireResource(db, "comic", id, uid, NOUN);

/** The member whose purchases and VIP count (a visitor has neither). */
const memberOf = (caller: Caller) => (caller.isMember ? caller.user : null);

/** The units of the book the caller bought (0: the whole book). */
async function boughtUnits(db: DB, caller: Caller, itemId: number): Promise<Set<number>> {
  if (!caller.isMember) return new Set();
  const rows = await db.all<{ unit_id: number }>("SELECT unit_id FROM purchases WHERE user_id = ? AND item_id = ?", [caller.user.id, itemId]);
  return new Set(rows.map((r) => Number(r.unit_id)));
}

function toUnit(r: UnitRow, caller: Caller, bought: Set<number>): ResourceUnit {
  const open = unitIsOpen(memberOf(caller), r) || bought.has(0) || bought.has(Number(r.id));
  return { id: Number(r.id), item_id: Number(r.item_id), seq: Number(r.seq), title: r.title, coins: Number(r.coins), vip_free: r.vip_free ? 1 : 0, can_open: open ? 1 : 0 };
}

const UNIT_COLUMNS = "id, item_id, seq, title, coins, vip_free";

export async function comicDetail(db: DB, origin: string, caller: Caller, row: ResourceRow): Promise<{ comic: ComicDetail; episodes: ResourceUnit[] }> {
  const bought = await boughtUnits(db, caller, row.id);
  const units = await db.all<UnitRow>(`SELECT ${UNIT_COLUMNS} FROM item_units WHERE item_id = ? ORDER BY seq`, [row.id]);
  const group = caller.isMember ? await db.value<number | null>("SELECT group_id FROM favorites WHERE user_id = ? AND item_id = ?", [caller.user.id, row.id]) : null;
  const coins = Number(row.coins);
  const bookPrice = coins <= 0 || bought.has(0) ? 0 : caller.isMember ? await wholeBookPrice(db, caller.user.id, { id: row.id, coins, vip_free: row.vip_free }) : coins;
  return {
    comic: {
      ...toResourceItem(origin, row),
      kind: "comic",
      is_like: row.is_like ? 1 : 0,
      is_favorite: row.is_favorite ? 1 : 0,
      group_id: group == null ? null : Number(group),
      is_follow: row.is_follow ? 1 : 0,
      book_price: bookPrice,
      viewer: viewerOf(caller),
    },
    episodes: units.map((u) => toUnit(u, caller, bought)),
  };
}

/** An episode's pages as stored: `[{ seed, ratio }]`. */
export function pagesOf(origin: string, body: string): ComicPage[] {
  let seeds: unknown;
  try {
    seeds = JSON.parse(body || "[]");
  } catch {
    seeds = [];
  }
  if (!Array.isArray(seeds)) return [];
  return seeds.flatMap((p: { seed?: unknown; ratio?: unknown }) => {
    if (typeof p?.seed !== "string") return [];
    const ratio = typeof p.ratio === "string" && /^\d+X\d+$/.test(p.ratio) ? p.ratio : "3X4";
    const [rw, rh] = ratio.split("X").map(Number) as [number, number];
    return [{ url: encImageUrl(origin, p.seed, PAGE_WIDTH, Math.round((PAGE_WIDTH * rh) / rw)), ratio }];
  });
}

/** One episode for the caller: its pages when they may open it, else locked with no pages. */
export async function readEpisode(db: DB, origin: string, caller: Caller, comicId: number, episodeId: number): Promise<ComicEpisodeRead> {
  const comic = await requireComic(db, comicId, caller.user.id);
  const unit = await db.get<UnitRow & { body: string }>(`SELECT ${UNIT_COLUMNS}, body FROM item_units WHERE id = ? AND item_id = ?`, [episodeId, comicId]);
  if (!unit) throw new ApiError(404, "章节不存在");
  const episode = toUnit(unit, caller, await boughtUnits(db, caller, comicId));
  const near = await db.all<{ id: number; seq: number }>(
    "SELECT id, seq FROM item_units WHERE item_id = ? AND seq IN ((SELECT MAX(seq) FROM item_units WHERE item_id = ? AND seq < ?), (SELECT MIN(seq) FROM item_units WHERE item_id = ? AND seq > ?))",
    [comicId, comicId, unit.seq, comicId, unit.seq],
  );
  const at = (before: boolean) => Number(near.find((n) => (before ? Number(n.seq) < Number(unit.seq) : Number(n.seq) > Number(unit.seq)))?.id ?? 0);
  await db.run("UPDATE items SET view_count = view_count + 1 WHERE id = ?", [comicId]);
  return {
    comic_id: Number(comic.id),
    comic_title: comic.title,
    episode,
    locked: episode.can_open ? 0 : 1,
    pages: episode.can_open ? pagesOf(origin, unit.body) : [],
    prev_id: at(true),
    next_id: at(false),
    viewer: viewerOf(caller),
  };
}
