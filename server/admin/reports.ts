import { Command } from "commander";
import { isoDate } from "#server/http/registry.ts";
import { parseRef, removedWords, reportedItems, reviewReported, ReviewRefused, type ReportedItem, type ReviewOutcome } from "#server/community/report-review.ts";
import { AdminError, printTable, withDatabase } from "./database.ts";

// `npm run admin -- reports list [--all]|restore REF|remove REF`: an operator reviews what members' reports hid
// (decisions 050, 069): an item by its id; a comment, a dating review or a profile as comment:ID, review:ID, member:ID, danmu:ID.

const print = (json: boolean, data: unknown, text: () => void) => (json ? process.stdout.write(`${JSON.stringify(data, null, 2)}\n`) : text());

const row = (r: ReportedItem) => [
  r.ref,
  r.kind,
  `${r.author} (${r.author_id})`,
  r.text,
  String(r.reporters),
  r.types.map((t) => `${t.type}×${t.count}`).join(", "),
  r.texts.map((t) => t.replace(/\s+/g, " ").slice(0, 30)).join(" / "),
  r.hidden ? (r.hidden_at ? isoDate(r.hidden_at) : "yes") : "shown",
];

const refOf = (text: string) => {
  if (!parseRef(text)) throw new AdminError(`not an item id nor comment:ID, review:ID, member:ID, danmu:ID: ${text}`);
  return text;
};

const removal: Partial<Record<ReviewOutcome["kind"], string>> = {
  comment: `its words read ${removedWords("comment")} to everyone (its author too), its replies stay`,
  review: `its words read ${removedWords("review")} to everyone (its author too), its photos are gone`,
  member: "the profile's nickname, avatar and introduction are cleared; the member may write new ones",
};

const said = (o: ReviewOutcome) =>
  (o.verdict === "restore"
    ? `restored ${o.kind} ${o.id}: shown ${removal[o.kind] ? "" : "in the feeds "}again`
    : `removed ${o.kind} ${o.id}: ${removal[o.kind] ?? "out of every feed, its detail refused to everyone (its author too)"}`) +
  `; ${o.reports_reviewed} open report(s) marked reviewed` +
  `${o.reward_coins ? `; its reward of ${o.reward_coins} coins stays on the request, nothing moves` : ""}\n`;

async function review(id: string, verdict: "restore" | "remove", json: boolean) {
  const outcome = await withDatabase(async (db) => {
    try {
      return await reviewReported(db, refOf(id), verdict);
    } catch (error) {
      if (error instanceof ReviewRefused) throw new AdminError(error.message);
      throw error;
    }
  });
  print(json, outcome, () => process.stdout.write(said(outcome)));
}

const list = new Command("list")
  .description("what reports hid (items, comment:ID, review:ID, member:ID, danmu:ID), oldest hidden first")
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
  .argument("<ref>", "an item id, or comment:ID, review:ID, member:ID, danmu:ID")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { json?: boolean }) => await review(id, "restore", Boolean(opts.json)));

const remove = new Command("remove")
  .description("found violating: out for good (its author's view too; a profile is cleared); its open reports become reviewed")
  .argument("<ref>", "an item id, or comment:ID, review:ID, member:ID, danmu:ID")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { json?: boolean }) => await review(id, "remove", Boolean(opts.json)));

export const reports = new Command("reports")
  .description("what members' reports hid (posts, headlines, videos, comics, catalogue items, comments, reviews, profiles): list, restore, remove")
  .addCommand(list)
  .addCommand(restore)
  .addCommand(remove);
