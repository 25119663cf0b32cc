import { Command } from "commander";
import { ingestArticle } from "#server/ingest/books/ingest.ts";
import { itemOptions, withItemOptions, type CommonFlags } from "./book-options.ts";
import { wholeNumber, withContent } from "./context.ts";

// `npm run admin -- content add-article FILE.html|FILE.md --title … [--category ID] [--price COINS]
// [--drop-remote-images]`: an article sanitised to what the app shows, its pictures (beside it, or data: addresses)
// stored encrypted; a sold one's free part ends at `<!-- more -->` (decision 086).

export const addArticle = withItemOptions(
  new Command("add-article")
    .description("publish an article from an HTML or Markdown file")
    .argument("<file>", "the .html or .md file; its pictures by paths relative to it")
    .option("--price <coins>", "the price of its part after <!-- more --> (default: free)")
    .option("--drop-remote-images", "leave out pictures at http(s) addresses instead of refusing the article"),
).action(async (file: string, flags: CommonFlags & { price?: string; dropRemoteImages?: boolean }) => {
  const item = itemOptions(flags);
  const price = wholeNumber("--price", flags.price, { max: 100_000 }) ?? 0;
  await withContent({ json: flags.json, clean: true }, async (ctx) => {
    const r = await ingestArticle(ctx, file, { ...item, price, dropRemoteImages: flags.dropRemoteImages });
    ctx.report.result(r, [`published article ${r.id}  ${r.title}: ${r.images} picture(s)${r.coins ? `, ${r.coins} 金币 to read the rest` : ", free"}`]);
  });
});
