import { Command } from "commander";
import { ingestComic } from "#server/ingest/books/ingest.ts";
import { itemOptions, priceOptions, withBookPrices, withItemOptions, type CommonFlags } from "./book-options.ts";
import { withContent } from "./context.ts";

// `npm run admin -- content add-comic DIR|FILE.cbz … --title … [--price-per-episode COINS] [--free-episodes N]
// [--book-price COINS]`: a comic from a folder of episode folders, CBZ files (one per episode, or episode folders
// inside one), or a folder of one episode's pages; pages in natural order, each checked as an image and stored
// encrypted (decisions 084, 086).

export const addComic = withBookPrices(
  withItemOptions(new Command("add-comic").description("publish a comic from folders of pages or CBZ files").argument("<paths...>", "a folder of episodes, CBZ files, or both in order")),
  "episode",
  "comic",
).action(async (paths: string[], flags: CommonFlags & { pricePerEpisode?: string; freeEpisodes?: string; bookPrice?: string }) => {
  const item = itemOptions(flags);
  const price = priceOptions({ perUnit: flags.pricePerEpisode, freeUnits: flags.freeEpisodes, bookPrice: flags.bookPrice }, { unit: "--price-per-episode", free: "--free-episodes" });
  await withContent({ json: flags.json, clean: true }, async (ctx) => {
    const r = await ingestComic(ctx, paths, { ...item, ...price });
    ctx.report.result(r, [`published comic ${r.id}  ${r.title}: ${r.episodes.length} episode(s), ${r.pages} page(s)${r.book_price ? `, ${r.book_price} 金币 whole` : ""}`]);
  });
});
