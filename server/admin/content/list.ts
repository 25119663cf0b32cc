import { Command, Option } from "commander";
import { printTable } from "../database.ts";
import { withContent, wholeNumber } from "./context.ts";
import { CONTENT_KINDS, stateOf } from "./states.ts";

// `npm run admin -- content list [--kind K] [--ingested] [--limit N]`: the newest items, for `show`, `set` and `remove`.

interface Row {
  id: number;
  kind: string;
  title: string;
  coins: number;
  vip_free: number;
  hidden: number;
  units: number;
  store_key: string;
  created_at: number;
}

export const list = new Command("list")
  .description("list items, newest first")
  .addOption(new Option("--kind <kind>", "only this kind").choices(CONTENT_KINDS))
  .option("--ingested", "only items published by `content add-…`")
  .option("--limit <n>", "how many", "50")
  .option("--json", "print JSON")
  .action(async (opts: { kind?: string; ingested?: boolean; limit: string; json?: boolean }) => {
    const limit = wholeNumber("--limit", opts.limit, { min: 1, max: 10_000 })!;
    await withContent(opts, async ({ db, report }) => {
      const rows = await db.all<Row>(
        `SELECT i.id, i.kind, i.title, i.coins, i.vip_free, i.hidden, i.store_key, i.created_at,
           (SELECT COUNT(*) FROM item_units u WHERE u.item_id = i.id) + (SELECT COUNT(*) FROM item_images m WHERE m.item_id = i.id) AS units
         FROM items i WHERE i.kind IN (${CONTENT_KINDS.map(() => "?").join(", ")}) ${opts.kind ? "AND i.kind = ?" : ""} ${opts.ingested ? "AND i.store_key <> ''" : ""}
         ORDER BY i.created_at DESC, i.id DESC LIMIT ?`,
        [...CONTENT_KINDS, ...(opts.kind ? [opts.kind] : []), limit],
      );
      const items = rows.map((r) => ({ ...r, id: Number(r.id), coins: Number(r.coins), vip_free: Number(r.vip_free), units: Number(r.units), state: stateOf(r.hidden), ingested: Boolean(r.store_key) }));
      const lines: string[] = [];
      if (!items.length) lines.push("no items");
      report.result(items, lines);
      if (!opts.json && items.length) {
        printTable(
          ["id", "kind", "title", "price", "parts", "state", "ingested"],
          items.map((r) => [String(r.id), r.kind, r.title.slice(0, 30), r.coins ? `${r.coins} 金币` : r.vip_free ? "VIP" : "free", String(r.units || ""), r.state, r.ingested ? "yes" : ""]),
        );
      }
    });
  });
