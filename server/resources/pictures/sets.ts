import { z } from "zod";
import { pictures } from "#gateway/api/index.ts";
import type { PictureImage, PictureSetDetail } from "#gateway/api/pictures.ts";
import { coverUrl } from "#server/content/media.ts";
import type { DB } from "#server/db/index.ts";
import { defineHandler, idInput, paged, pageInput, type Caller } from "#server/http/registry.ts";
import { isStoredRef, storedImageUrl } from "#server/ingest/stored-files.ts";
import { unitIsOpen } from "#server/wallet/book-sales.ts";
import { followListHandler } from "../item-calls.ts";
import { marksOf, requireResource, toResourceItem, viewerOf, type ResourceRow } from "../items.ts";
import { detailAndBuyHandlers } from "../whole-items.ts";

// NOTE: a locked picture's seed is its address: no statement here answers it but `pictureList`, and that one only
// for the pictures open to the caller (decision 045).

const { FREE_PICTURES } = pictures;

export const requireSet = (db: DB, id: number, uid: number) => requireResource(db, "picture", id, uid, "图集");

/** Whether every picture of the set is open to the caller: a free set, VIP-free for a VIP, or bought. */
function canView(row: ResourceRow, caller: Caller): boolean {
  return unitIsOpen(caller.isMember ? caller.user : null, row) || Boolean(row.is_pay);
}

async function toDetail(db: DB, origin: string, caller: Caller, row: ResourceRow): Promise<PictureSetDetail> {
  const open = canView(row, caller);
  const series = row.series_id ? await db.value<string>("SELECT title FROM series WHERE id = ?", [row.series_id]) : undefined;
  return {
    ...toResourceItem(origin, row),
    kind: "picture",
    series_id: row.series_id ? Number(row.series_id) : null,
    series_title: series ?? "",
    free_count: open ? Number(row.unit_count) : Math.min(FREE_PICTURES, Number(row.unit_count)),
    can_view: open ? 1 : 0,
    ...marksOf(row),
    viewer: viewerOf(caller),
  };
}

const setId = z.object({ id: idInput("图集 id") });

export const setHandlers = detailAndBuyHandlers("picture", pictures, {
  noun: "图集",
  field: "set",
  messages: { bought: "购买成功，全部图片已解锁", again: "已购买过该图集" },
  requireItem: requireSet,
  toDetail,
});

export const pictureList = defineHandler(pictures.pictureList, {
  auth: "guest",
  input: setId.extend(pageInput.shape),
  async handle({ input, db, origin, settings, caller }) {
    const row = await requireSet(db, input.id, caller.user.id);
    // Published pictures are files in one folder under names a locked one's place does not give (decision 086).
    const grant = { secret: settings.mediaUrlSecret, uid: caller.user.id };
    const openCount = canView(row, caller) ? Number(row.unit_count) : FREE_PICTURES;
    const rows = await db.all<{ seq: number; seed: string; ratio: string }>("SELECT seq, seed, ratio FROM item_images WHERE item_id = ? ORDER BY seq LIMIT ? OFFSET ?", [
      input.id,
      input.limit,
      (input.page - 1) * input.limit,
    ]);
    const first = (input.page - 1) * input.limit;
    const list: PictureImage[] = rows.map((r, i) => {
      const locked = first + i >= openCount;
      return { seq: Number(r.seq), url: locked ? null : isStoredRef(r.seed) ? storedImageUrl(origin, r.seed, grant) : coverUrl(origin, r.seed, r.ratio, ""), ratio: r.ratio, locked: locked ? 1 : 0 };
    });
    return { data: paged(list, input.page, input.limit, Number(row.unit_count)) };
  },
});

export const listFollow = followListHandler(pictures.listFollow, "picture");
