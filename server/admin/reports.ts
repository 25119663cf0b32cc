import { Command } from "commander";
import { isoDate } from "#server/http/registry.ts";
import { reportedItems, reviewReported, ReviewRefused, type ReportedItem, type ReviewOutcome } from "#server/community/report-review.ts";
import { AdminError, printTable, withDatabase } from "./database.ts";

// `npm run admin -- reports list [--all]|restore ID|remove ID`: an operator reviews posts and headlines that
// members' reports hid (decision 050).

const print = (json: boolean, data: unknown, text: () => void) => (json ? process.stdout.write(`${JSON.stringify(data, null, 2)}\n`) : text());

const row = (r: ReportedItem) => [
  String(r.id),
  r.kind,
  `${r.author} (${r.author_id})`,
  r.text,
  String(r.reporters),
  r.types.map((t) => `${t.type}×${t.count}`).join(", "),
  r.texts.map((t) => t.replace(/\s+/g, " ").slice(0, 30)).join(" / "),
  r.hidden ? (r.hidden_at ? isoDate(r.hidden_at) : "yes") : "shown",
];

const idOf = (text: string) => {
  if (!/^\d{1,12}$/.test(text)) throw new AdminError(`not a post or headline id: ${text}`);
  return Number(text);
};

const said = (o: ReviewOutcome) =>
  o.verdict === "restore"
    ? `restored ${o.kind} ${o.id}: shown in the feeds again; ${o.reports_reviewed} open report(s) marked reviewed\n`
    : `removed ${o.kind} ${o.id}: out of every feed, its detail refused to everyone (its author too); ${o.reports_reviewed} open report(s) marked reviewed` +
      `${o.reward_coins ? `; its reward of ${o.reward_coins} coins stays on the request, nothing moves` : ""}\n`;

async function review(id: string, verdict: "restore" | "remove", json: boolean) {
  const outcome = await withDatabase(async (db) => {
    try {
      return await reviewReported(db, idOf(id), verdict);
    } catch (error) {
      if (error instanceof ReviewRefused) throw new AdminError(error.message);
      throw error;
    }
  });
  print(json, outcome, () => process.stdout.write(said(outcome)));
}

const list = new Command("list")
  .description("posts and headlines hidden by reports, oldest hidden first")
  .option("--all", "also those with an open report that are still shown")
  .option("--json", "print JSON")
  .action(async (opts: { all?: boolean; json?: boolean }) => {
    const rows = await withDatabase((db) => reportedItems(db, Boolean(opts.all)));
    print(Boolean(opts.json), rows, () =>
      rows.length
        ? printTable(["ID", "KIND", "AUTHOR", "TEXT", "REPORTERS", "TYPES", "WORDS", "HIDDEN (UTC)"], rows.map(row))
        : process.stdout.write(opts.all ? "no open report\n" : "nothing is hidden by reports\n"),
    );
  });

const restore = new Command("restore")
  .description("found fine: shown again; its open reports become reviewed and no longer count")
  .argument("<id>", "post or headline id")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { json?: boolean }) => await review(id, "restore", Boolean(opts.json)));

const remove = new Command("remove")
  .description("found violating: out of every feed and detail for good (its author's too); its open reports become reviewed")
  .argument("<id>", "post or headline id")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { json?: boolean }) => await review(id, "remove", Boolean(opts.json)));

export const reports = new Command("reports")
  .description("posts and headlines hidden by members' reports: list, restore, remove")
  .addCommand(list)
  .addCommand(restore)
  .addCommand(remove);
