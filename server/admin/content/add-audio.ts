import { copyFile, mkdir, readdir, readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { Command } from "commander";
import { probeAudio, isAudioName } from "#server/ingest/audio/probe.ts";
import { IngestError } from "#server/ingest/errors.ts";
import { storeImage } from "#server/ingest/images.ts";
import { checkReferences, insertItem, insertUnits } from "#server/ingest/items.ts";
import { naturalCompare } from "#server/ingest/natural.ts";
import { publish, withStage } from "#server/ingest/publish.ts";
import { storedRef } from "#server/ingest/stored-files.ts";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { storedAudioPath } from "#server/resources/audio/tones.ts";
import { AdminError } from "../database.ts";
import { wholeNumber, withContent } from "./context.ts";

// `npm run admin -- content add-audio DIR --title … [--price-per-chapter COINS] [--free-chapters N] [--book-price COINS]
// [--vip-free] [--cover FILE] [--category ID] [--tags a,b] [--creator UID] [--json]`: a folder of MP3/M4A/AAC chapters,
// in natural order, becomes an audio book; priced as the seeded ones are (chapters sold one by one after the free
// ones, the whole book for less), published all or nothing (decision 084).

const MAX_CHAPTERS = 2000;
const COVER_NAMES = /^(cover|folder)\.(jpe?g|png|webp)$/i;

interface Options {
  title: string;
  description?: string;
  category?: string;
  tags?: string;
  creator?: string;
  pricePerChapter?: string;
  freeChapters?: string;
  bookPrice?: string;
  vipFree?: boolean;
  cover?: string;
  json?: boolean;
}

/** A chapter's title from its file name: `03.mp3` → 第3集, `第3集 雨夜.m4a` → 第3集 雨夜. */
const chapterTitle = (name: string) => {
  const stem = basename(name, extname(name)).trim();
  return /^\d+$/.test(stem) ? `第${Number(stem)}集` : [...stem].slice(0, 60).join("");
};

export const addAudio = new Command("add-audio")
  .description("publish a folder of MP3, M4A or AAC chapters (natural order: 2 before 10) as an audio book")
  .argument("<dir>", "the folder of chapters; a cover.jpg / cover.png in it is the cover")
  .requiredOption("--title <title>", "its title")
  .option("--description <text>", "its description")
  .option("--price-per-chapter <coins>", "each chapter's price after the free ones (0: all free)")
  .option("--free-chapters <n>", "how many chapters from the first are free", "0")
  .option("--book-price <coins>", "the whole book's price (default: 70 % of its chapters' prices, as the seeded books)")
  .option("--vip-free", "free for VIP members")
  .option("--cover <file>", "the cover image (PNG, JPEG, GIF or WebP)")
  .option("--category <id>", "an audio category")
  .option("--tags <a,b>", "tags, comma-separated")
  .option("--creator <uid>", "the member shown as its creator")
  .option("--json", "print the result as JSON")
  .action(async (dir: string, opts: Options) => {
    const title = opts.title.trim();
    if (!title || [...title].length > 100) throw new AdminError("--title must be 1 to 100 characters");
    const perChapter = wholeNumber("--price-per-chapter", opts.pricePerChapter, { max: 10_000 }) ?? 0;
    const freeChapters = wholeNumber("--free-chapters", opts.freeChapters, { max: MAX_CHAPTERS })!;
    const bookPrice = wholeNumber("--book-price", opts.bookPrice, { max: 1_000_000 });
    const categoryId = wholeNumber("--category", opts.category, { min: 1, max: 1e9 }) ?? null;
    const creatorId = wholeNumber("--creator", opts.creator, { min: 1, max: 1e9 }) ?? null;
    const tags = (opts.tags ?? "").split(/[,，]/).map((t) => t.trim()).filter(Boolean);
    await withContent({ json: opts.json, clean: true }, async ({ db, store, mediaKey, report }) => {
      await checkReferences(db, "audio", { categoryId, creatorId });
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => {
        throw new IngestError(`not a folder: ${dir}`);
      });
      const names = entries.filter((e) => e.isFile() && !e.name.startsWith(".") && isAudioName(e.name)).map((e) => e.name).sort(naturalCompare);
      if (!names.length) throw new IngestError(`no MP3, M4A or AAC files in ${dir}`);
      if (names.length > MAX_CHAPTERS) throw new IngestError(`more than ${MAX_CHAPTERS} chapters in ${dir}`);
      const coverFile = opts.cover ?? entries.find((e) => e.isFile() && COVER_NAMES.test(e.name))?.name;
      report.step(`reading ${names.length} chapter(s)`);
      const chapters: { name: string; seconds: number; coins: number }[] = [];
      for (const [i, name] of names.entries()) {
        const { duration } = await probeAudio(join(dir, name));
        chapters.push({ name, seconds: duration, coins: i < freeChapters ? 0 : perChapter });
        report.progress((i + 1) / names.length);
      }
      const sold = chapters.reduce((sum, c) => sum + c.coins, 0);
      const coins = bookPrice ?? Math.floor(sold * 0.7);
      const published = await withStage(store, async (stage) => {
        // Without a cover, a generated one, as the seeded books have.
        const coverBytes = coverFile
          ? await readFile(opts.cover ? coverFile : join(dir, coverFile)).catch(() => {
              throw new IngestError(`no such file: ${coverFile}`);
            })
          : placeholderPng(`audio-${title}`, 480, 480);
        const cover = await storeImage(stage, "cover.bin", coverBytes, mediaKey, coverFile ?? "cover");
        report.step(`storing ${chapters.length} chapter(s)`);
        const paths = chapters.map((c, i) => storedAudioPath(i + 1, c.seconds, extname(c.name).slice(1).toLowerCase()));
        await mkdir(join(stage.dir, "audio"), { recursive: true });
        for (const [i, c] of chapters.entries()) {
          await copyFile(join(dir, c.name), join(stage.dir, paths[i]!));
          report.progress((i + 1) / chapters.length);
        }
        report.step("publishing");
        const id = await publish(db, store, stage, ["cover.bin", ...paths], async (tx, key) => {
          const itemId = await insertItem(tx, key, {
            kind: "audio",
            title,
            description: opts.description?.trim() ?? "",
            cover,
            categoryId,
            creatorId,
            coins,
            vipFree: Boolean(opts.vipFree),
            tags,
          });
          await insertUnits(tx, itemId, chapters.map((c, i) => ({ title: chapterTitle(c.name), coins: c.coins, vipFree: Boolean(opts.vipFree), media: storedRef(key, paths[i]!) })));
          return itemId;
        });
        return { id, key: stage.key };
      });
      const total = Math.round(chapters.reduce((sum, c) => sum + c.seconds, 0));
      report.result(
        { id: published.id, kind: "audio", title, chapters: chapters.map((c, i) => ({ seq: i + 1, file: c.name, title: chapterTitle(c.name), seconds: Math.round(c.seconds), coins: c.coins })), duration: total, book_price: coins, vip_free: Boolean(opts.vipFree), store_key: published.key },
        [`${published.id}  ${title}: published, ${chapters.length} chapter(s), ${total} s`, `price: ${sold ? `${perChapter} 金币 a chapter after ${freeChapters} free, the book ${coins} 金币` : "free"}${opts.vipFree ? " (free for VIP)" : ""}`],
      );
    });
  });
