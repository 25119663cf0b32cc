import type { ComicDetail, ComicEpisodeRead, ComicPage } from "#gateway/api/comics.ts";
import type { ResourceUnit } from "#gateway/api/resources.ts";
import { encImageUrl } from "#server/content/media.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, type Caller } from "#server/http/registry.ts";
import { isStoredRef, storedImageUrl, type StoredGrant } from "#server/ingest/stored-files.ts";
import { wholeBookPriceFor } from "#server/wallet/book-sales.ts";
import { memberOf, requireResource, toResourceItem, toResourceUnit, UNIT_COLUMNS, unitAccess, viewerOf, type ResourceRow, type UnitRow } from "../items.ts";

// A comic's detail, its episodes and an episode's pages (issue 19, decision 042). An episode's pages are a JSON
// list of image seeds in `item_units.body`; they leave here as encrypted image addresses, only to a caller who
// may open the episode.

export const NOUN = "漫画";
/** The width pages are drawn at: a phone's width at 2× is enough. */
export const PAGE_WIDTH = 720;

export const requireComic = (db: DB, id: number, uid: number) => requireResource(db, "comic", id, uid, NOUN);

export async function comicDetail(db: DB, origin: string, caller: Caller, row: ResourceRow): Promise<{ comic: ComicDetail; episodes: ResourceUnit[] }> {
  const user = memberOf(caller);
  const access = await unitAccess(db, user, row.id);
  const units = await db.all<UnitRow>(`SELECT ${UNIT_COLUMNS} FROM item_units WHERE item_id = ? ORDER BY seq`, [row.id]);
  const group = caller.isMember ? await db.value<number | null>("SELECT group_id FROM favorites WHERE user_id = ? AND item_id = ?", [caller.user.id, row.id]) : null;
  return {
    comic: {
      ...toResourceItem(origin, row),
      kind: "comic",
      is_like: row.is_like ? 1 : 0,
      is_favorite: row.is_favorite ? 1 : 0,
      group_id: group == null ? null : Number(group),
      is_follow: row.is_follow ? 1 : 0,
      book_price: await wholeBookPriceFor(db, user, { ...row, is_pay: access.whole ? 1 : 0 }),
      viewer: viewerOf(caller),
    },
    episodes: units.map((u) => toResourceUnit(u, access.opens(u))),
  };
}

/**
 * An episode's pages as stored: `[{ seed, ratio }]`. Pages an operator published are files in the episode's folder
 * (decision 084), addressed with `grant`: give it only to a caller who may open the episode.
 */
export function pagesOf(origin: string, body: string, grant?: StoredGrant): ComicPage[] {
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
    return [{ url: isStoredRef(p.seed) ? storedImageUrl(origin, p.seed, grant) : encImageUrl(origin, p.seed, PAGE_WIDTH, Math.round((PAGE_WIDTH * rh) / rw)), ratio }];
  });
}

/** One episode for the caller: its pages when they may open it (with a grant on them signed by `secret`), else locked with no pages. */
export async function readEpisode(db: DB, origin: string, secret: string, caller: Caller, comicId: number, episodeId: number): Promise<ComicEpisodeRead> {
  const comic = await requireComic(db, comicId, caller.user.id);
  const unit = await db.get<UnitRow & { body: string }>(`SELECT ${UNIT_COLUMNS}, body FROM item_units WHERE id = ? AND item_id = ?`, [episodeId, comicId]);
  if (!unit) throw new ApiError(404, "章节不存在");
  const episode = toResourceUnit(unit, (await unitAccess(db, memberOf(caller), comicId)).opens(unit));
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
    pages: episode.can_open ? pagesOf(origin, unit.body, { secret, uid: caller.user.id }) : [],
    prev_id: at(true),
    next_id: at(false),
    viewer: viewerOf(caller),
  };
}
