import { Command } from "commander";
import { AdminError } from "../database.ts";
import { itemId, withContent } from "./context.ts";
import { stateOf } from "./states.ts";

// `npm run admin -- content show ID`: one item, its parts and what was sold of it.

export const show = new Command("show")
  .description("show one item: its fields, parts and sales")
  .argument("<id>", "item id")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { json?: boolean }) => {
    await withContent(opts, async ({ db, report }) => {
      const item = await db.get<Record<string, unknown> & { hidden: number; store_key: string }>(
        "SELECT id, kind, section, title, description, cover_seed, media, duration, category_id, series_id, creator_id, coins, vip_free, hidden, store_key, created_at FROM items WHERE id = ?",
        [itemId(id)],
      );
      if (!item) throw new AdminError(`no item ${id}`);
      const units = await db.all<{ id: number; seq: number; title: string; coins: number; vip_free: number }>("SELECT id, seq, title, coins, vip_free FROM item_units WHERE item_id = ? ORDER BY seq", [item.id]);
      const images = Number(await db.value("SELECT COUNT(*) FROM item_images WHERE item_id = ?", [item.id]));
      const buyers = Number(await db.value("SELECT COUNT(DISTINCT user_id) FROM purchases WHERE item_id = ?", [item.id]));
      const data = { ...item, state: stateOf(item.hidden), units, images, buyers };
      report.result(data, [
        `${item.id}  ${String(item.kind)}  ${String(item.title)}`,
        `state: ${data.state}${item.store_key ? `, files in content/${item.store_key}` : ""}`,
        `price: ${Number(item.coins) ? `${Number(item.coins)} 金币` : "free"}${Number(item.vip_free) ? " (free for VIP)" : ""}`,
        ...(Number(item.duration) ? [`duration: ${Number(item.duration)} s`] : []),
        ...(images ? [`pictures: ${images}`] : []),
        ...(units.length ? [`parts: ${units.length}`, ...units.slice(0, 20).map((u) => `  ${u.seq}. ${u.title}${Number(u.coins) ? `  ${Number(u.coins)} 金币` : ""}`)] : []),
        ...(units.length > 20 ? [`  … ${units.length - 20} more`] : []),
        `buyers: ${buyers}`,
      ]);
    });
  });
