import { Command } from "commander";
import { clock } from "#server/clock.ts";
import { SHOWN, TAKEN_DOWN } from "#server/community/report-review.ts";
import { AdminError } from "../database.ts";
import { itemId, withContent } from "./context.ts";
import { stateOf } from "./states.ts";

// `npm run admin -- content remove ID`: takes an item down (decision 084). It is no longer listed or sold; members
// who bought it keep it in /my/my-purchase, marked 已下架, and still open it, so its files stay.

export const remove = new Command("remove")
  .description("take an item down: no longer listed or sold; its buyers keep it")
  .argument("<id>", "item id")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { json?: boolean }) => {
    await withContent(opts, async ({ db, report }) => {
      const item = await db.get<{ id: number; title: string; hidden: number }>("SELECT id, title, hidden FROM items WHERE id = ?", [itemId(id)]);
      if (!item) throw new AdminError(`no item ${id}`);
      if (Number(item.hidden) !== SHOWN && Number(item.hidden) !== TAKEN_DOWN) throw new AdminError(`item ${id} is ${stateOf(item.hidden)} already`);
      await db.run("UPDATE items SET hidden = ?, hidden_at = ? WHERE id = ?", [TAKEN_DOWN, clock.now(), item.id]);
      const buyers = Number(await db.value("SELECT COUNT(DISTINCT user_id) FROM purchases WHERE item_id = ?", [item.id]));
      report.result({ id: Number(item.id), state: stateOf(TAKEN_DOWN), buyers }, [`${item.id}  ${item.title}: taken down; ${buyers} buyer(s) keep it`]);
    });
  });
