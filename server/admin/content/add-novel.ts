import { createInterface } from "node:readline/promises";
import { Command } from "commander";
import { ingestNovel, readNovel, type NovelSource } from "#server/ingest/books/ingest.ts";
import { AdminError } from "../database.ts";
import { itemOptions, priceOptions, withBookPrices, withItemOptions, type CommonFlags } from "./book-options.ts";
import { wholeNumber, withContent } from "./context.ts";
import type { Reporter } from "./reporter.ts";

// `npm run admin -- content add-novel FILE.txt|FILE.epub --title … [--price-per-chapter COINS] [--free-chapters N]
// [--book-price COINS] [--split-every N] [--yes]`: a novel from a TXT (UTF-8, UTF-16 or GB18030/GBK, cut at its
// 第…章/卷/回 headings) or an EPUB (its spine). The chapters found are shown, and the operator asked, before anything
// is published (decision 086).

const PREVIEW_CHAPTERS = 3;
const PREVIEW_LINES = 2;

function preview(novel: NovelSource, report: Reporter) {
  const chars = novel.chapters.reduce((n, c) => n + c.body.length, 0);
  report.step(`${novel.format.toUpperCase()} in ${novel.encoding}: ${novel.chapters.length} chapter(s), ${chars} characters`);
  for (const c of novel.chapters.slice(0, PREVIEW_CHAPTERS)) {
    report.step(`  ${c.title}`);
    for (const line of c.body.split("\n").slice(0, PREVIEW_LINES)) report.step(`      ${[...line].slice(0, 40).join("")}${[...line].length > 40 ? "…" : ""}`);
  }
  if (novel.chapters.length > PREVIEW_CHAPTERS) report.step(`  … ${novel.chapters.length - PREVIEW_CHAPTERS} more, the last: ${novel.chapters.at(-1)!.title}`);
}

async function confirmed(): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stderr.isTTY) throw new AdminError("not published: no terminal to ask on; check the chapters above and run again with --yes");
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question("publish these chapters? [y/N] ")).trim());
  } finally {
    rl.close();
  }
}

export const addNovel = withBookPrices(withItemOptions(new Command("add-novel").description("publish a novel from a TXT or EPUB file").argument("<file>", "the .txt or .epub file")), "chapter", "novel")
  .option("--split-every <n>", "for a TXT without chapter headings: cut it every N characters")
  .option("--yes", "publish without asking").action(async (file: string, flags: CommonFlags & { pricePerChapter?: string; freeChapters?: string; bookPrice?: string; splitEvery?: string; yes?: boolean }) => {
  const item = itemOptions(flags);
  const price = priceOptions({ perUnit: flags.pricePerChapter, freeUnits: flags.freeChapters, bookPrice: flags.bookPrice }, { unit: "--price-per-chapter", free: "--free-chapters" });
  const splitEvery = wholeNumber("--split-every", flags.splitEvery, { min: 100, max: 1_000_000 });
  await withContent({ json: flags.json, clean: true }, async (ctx) => {
    ctx.report.step(`reading ${file}`);
    const novel = await readNovel(file, splitEvery);
    preview(novel, ctx.report);
    if (!flags.yes && !(await confirmed())) throw new AdminError("not published");
    const r = await ingestNovel(ctx, novel, { ...item, ...price });
    ctx.report.result(r, [`published novel ${r.id}  ${r.title}: ${r.chapters} chapter(s)${r.book_price ? `, ${r.book_price} 金币 whole` : ""}`]);
  });
});
