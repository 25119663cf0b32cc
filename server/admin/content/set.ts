import { Command } from "commander";
import { clock } from "#server/clock.ts";
import { SHOWN, TAKEN_DOWN } from "#server/community/report-review.ts";
import { AdminError } from "../database.ts";
import { itemId, wholeNumber, withContent } from "./context.ts";
import { stateOf } from "./states.ts";

// `npm run admin -- content set ID [--price COINS] [--title …] [--hidden 0|1]`: changes what members see of an item.
// `--hidden 1` takes it down as `remove` does; `--hidden 0` lists it again. Items hidden or removed after reports are
// the review's (`npm run admin -- reports`), not this command's.

export const set = new Command("set")
  .description("change an item's price, title or whether it is listed")
  .argument("<id>", "item id")
  .option("--price <coins>", "its price in coins (0: free)")
  .option("--title <title>", "its title")
  .option("--hidden <0|1>", "1: take it down (its buyers keep it); 0: list it again")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { price?: string; title?: string; hidden?: string; json?: boolean }) => {
    const price = wholeNumber("--price", opts.price, { max: 100_000 });
    const title = opts.title?.trim();
    if (opts.title !== undefined && (!title || [...title].length > 100)) throw new AdminError("--title must be 1 to 100 characters");
    if (opts.hidden !== undefined && opts.hidden !== "0" && opts.hidden !== "1") throw new AdminError(`--hidden must be 0 or 1: ${opts.hidden}`);
    if (price === undefined && title === undefined && opts.hidden === undefined) throw new AdminError("nothing to change: give --price, --title or --hidden");
    await withContent(opts, async ({ db, report }) => {
      const item = await db.get<{ id: number; hidden: number }>("SELECT id, hidden FROM items WHERE id = ?", [itemId(id)]);
      if (!item) throw new AdminError(`no item ${id}`);
      if (opts.hidden !== undefined && Number(item.hidden) !== SHOWN && Number(item.hidden) !== TAKEN_DOWN) {
        throw new AdminError(`item ${id} is ${stateOf(item.hidden)}: settle it with \`npm run admin -- reports\``);
      }
      await db.run(
        `UPDATE items SET coins = COALESCE(?, coins), title = COALESCE(?, title), hidden = COALESCE(?, hidden), updated_at = ? WHERE id = ?`,
        [price ?? null, title ?? null, opts.hidden === undefined ? null : opts.hidden === "1" ? TAKEN_DOWN : SHOWN, clock.now(), item.id],
      );
      const after = await db.get<{ id: number; title: string; coins: number; hidden: number }>("SELECT id, title, coins, hidden FROM items WHERE id = ?", [item.id]);
      report.result({ ...after, id: Number(after!.id), coins: Number(after!.coins), state: stateOf(after!.hidden) }, [`${after!.id}  ${after!.title}  ${Number(after!.coins)} 金币  ${stateOf(after!.hidden)}`]);
    });
  });
