import { games } from "#gateway/api/index.ts";
import type { GameDetail } from "#gateway/api/games.ts";
import { coverUrl } from "#server/content/media.ts";
import type { DB } from "#server/db/index.ts";
import type { Caller } from "#server/http/registry.ts";
import { unitIsOpen } from "#server/wallet/book-sales.ts";
import { requireResource, toResourceItem, viewerOf, type ResourceRow } from "../items.ts";
import { detailAndBuyHandlers } from "../whole-items.ts";

// NOTE: a game's play or download link is `items.media`; no statement here reads it but `playLinkOf`, which
// answers it only to a caller who may play the game (decision 045).

export const requireGame = (db: DB, id: number, uid: number) => requireResource(db, "game", id, uid, "游戏");

/** The stored link, a path of this gateway's (the demo page) as this origin's address. */
async function playLinkOf(db: DB, origin: string, row: ResourceRow, caller: Caller): Promise<string | null> {
  if (!unitIsOpen(caller.isMember ? caller.user : null, row) && !row.is_pay) return null;
  const link = await db.value<string>("SELECT media FROM items WHERE id = ?", [row.id]);
  if (!link) return null;
  return link.startsWith("/") ? `${origin}${link}` : link;
}

async function toDetail(db: DB, origin: string, caller: Caller, row: ResourceRow): Promise<GameDetail> {
  const shots = await db.all<{ seed: string; ratio: string }>("SELECT seed, ratio FROM item_images WHERE item_id = ? ORDER BY seq", [row.id]);
  const link = await playLinkOf(db, origin, row, caller);
  return {
    ...toResourceItem(origin, row),
    kind: "game",
    images: shots.map((s) => coverUrl(origin, s.seed, s.ratio, "")),
    can_play: link ? 1 : 0,
    play_url: link,
    is_like: row.is_like ? 1 : 0,
    is_favorite: row.is_favorite ? 1 : 0,
    viewer: viewerOf(caller),
  };
}

export const gameHandlers = detailAndBuyHandlers("game", games, {
  noun: "游戏",
  field: "game",
  messages: { bought: "购买成功，可以开始游戏了", again: "已购买过该游戏" },
  requireItem: requireGame,
  toDetail,
});
