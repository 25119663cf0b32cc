import type { Command } from "commander";
import type { ItemOptions, PriceOptions } from "#server/ingest/books/ingest.ts";
import { AdminError } from "../database.ts";
import { wholeNumber } from "./context.ts";

// The options add-comic, add-novel, add-pictures and add-article share: what the item is called and where it is
// listed, and how a book is priced (decision 086).

export interface CommonFlags {
  title: string;
  description?: string;
  category?: string;
  tags?: string;
  json?: boolean;
}

export const withItemOptions = (command: Command) =>
  command
    .requiredOption("--title <title>", "its title")
    .option("--description <text>", "its introduction")
    .option("--category <id>", "its category (of its kind)")
    .option("--tags <a,b>", "its tags, comma-separated")
    .option("--json", "print the result as JSON (steps still go to stderr)");

export function itemOptions(flags: CommonFlags): ItemOptions {
  return {
    title: flags.title,
    ...(flags.description !== undefined ? { description: flags.description.trim() } : {}),
    categoryId: wholeNumber("--category", flags.category, { min: 1, max: 1e9 }) ?? null,
    tags: (flags.tags ?? "").split(/[,，]/).map((t) => t.trim()).filter(Boolean),
  };
}

/** A book's price options: `--price-per-<unit>`, `--free-<unit>s`, `--book-price`. */
export const withBookPrices = (command: Command, unit: "episode" | "chapter", book: string) =>
  command
    .option(`--price-per-${unit} <coins>`, `what each ${unit} past the free ones costs (default: free)`)
    .option(`--free-${unit}s <n>`, `how many ${unit}s from the first are free`, "0")
    .option("--book-price <coins>", `the whole ${book}'s price (default: not sold whole)`);

/** A book's prices: `unit` names the per-unit option (`--price-per-episode`), `free` the free-units one. */
export function priceOptions(flags: { perUnit?: string; freeUnits?: string; bookPrice?: string }, names: { unit: string; free: string }): PriceOptions {
  const perUnit = wholeNumber(names.unit, flags.perUnit, { max: 100_000 }) ?? 0;
  const freeUnits = wholeNumber(names.free, flags.freeUnits, { max: 100_000 }) ?? 0;
  const bookPrice = wholeNumber("--book-price", flags.bookPrice, { max: 1_000_000 }) ?? 0;
  if (bookPrice && !perUnit) throw new AdminError(`--book-price needs ${names.unit}: a book whose parts are all free is not sold whole`);
  return { perUnit, freeUnits, bookPrice };
}
