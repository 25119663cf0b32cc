import { Command } from "commander";
import { ingestPictures } from "#server/ingest/books/ingest.ts";
import { itemOptions, withItemOptions, type CommonFlags } from "./book-options.ts";
import { wholeNumber, withContent } from "./context.ts";

// `npm run admin -- content add-pictures DIR --title … [--price COINS]`: a picture set from a folder of images in
// natural order, sold whole (its first pictures open to all, as every set's are), stored encrypted (decision 086).

export const addPictures = withItemOptions(
  new Command("add-pictures")
    .description("publish a picture set from a folder of images")
    .argument("<dir>", "the folder of pictures")
    .option("--price <coins>", "the set's price (default: free)"),
).action(async (dir: string, flags: CommonFlags & { price?: string }) => {
  const item = itemOptions(flags);
  const price = wholeNumber("--price", flags.price, { max: 100_000 }) ?? 0;
  await withContent({ json: flags.json, clean: true }, async (ctx) => {
    const r = await ingestPictures(ctx, dir, { ...item, price });
    ctx.report.result(r, [`published picture set ${r.id}  ${r.title}: ${r.pictures} picture(s)${r.coins ? `, ${r.coins} 金币` : ", free"}`]);
  });
});
