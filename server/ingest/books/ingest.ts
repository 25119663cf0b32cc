import { randomBytes } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, extname, isAbsolute, relative, resolve } from "node:path";
import type { DB } from "#server/db/index.ts";
import { IngestError } from "../errors.ts";
import { storeImage, type StoredImage } from "../images.ts";
import { checkReferences, insertItem, insertUnits, type NewItem } from "../items.ts";
import { publish, withStage } from "../publish.ts";
import type { ContentStore, Stage } from "../store.ts";
import { imageSources, sanitizeArticle, splitArticle } from "./article.ts";
import { readEpub } from "./epub.ts";
import { escapeHtml } from "./html.ts";
import { markdownToHtml } from "./markdown.ts";
import { decodeText, splitChapters, type Chapter } from "./novel.ts";
import { comicEpisodes, pictureFiles, type SourceImage } from "./pages.ts";

// What add-comic, add-novel, add-pictures and add-article do once their options are read (decision 086): read and
// check the input, store its images encrypted in a staged folder, then publish the item's rows in one transaction
// (decision 084). Paths in the folder follow the grants: a cover directly under the key (public); an episode's
// pages in the episode's own folder, a set's pictures in one folder under names nobody can guess from a locked
// one's place, an article's paid part's images in `paid/`: each served only to a caller given a grant on it.

export interface IngestEnv {
  db: DB;
  store: ContentStore;
  mediaKey: string;
  report: { step(text: string): void; progress(fraction: number, secondsLeft?: number): void };
}

/** What every kind takes from the operator besides its input. */
export interface ItemOptions {
  title: string;
  description?: string;
  categoryId?: number | null;
  tags?: readonly string[];
}

const MAX_TITLE = 100;
const token = () => randomBytes(6).toString("hex");

function checkTitle(title: string): string {
  const t = title.trim();
  if (!t || [...t].length > MAX_TITLE) throw new IngestError(`--title must be 1 to ${MAX_TITLE} characters`);
  return t;
}

/** Stores `images` as `pathOf(i)`, reporting progress with the time left. */
async function storeAll(env: IngestEnv, stage: Stage, images: readonly SourceImage[], pathOf: (i: number) => string): Promise<StoredImage[]> {
  const started = Date.now();
  const out: StoredImage[] = [];
  for (const [i, image] of images.entries()) {
    out.push(await storeImage(stage, pathOf(i), await image.read(), env.mediaKey, image.name));
    const done = (i + 1) / images.length;
    env.report.progress(done, ((Date.now() - started) / done) * (1 - done) / 1000);
  }
  return out;
}

/** A public copy of an image as the item's cover. */
const storeCover = (env: IngestEnv, stage: Stage, image: SourceImage) => image.read().then((bytes) => storeImage(stage, "cover.bin", bytes, env.mediaKey, image.name));

/** A cover drawn by the gateway (a generated placeholder) for an item without a picture of its own. */
const placeholderCover = (kind: string) => ({ ref: `${kind}-ingest-${token()}`, ratio: "3X4" });

async function publishItem(env: IngestEnv, stage: Stage, files: readonly string[], item: NewItem, rest: (tx: DB, id: number) => Promise<void>): Promise<number> {
  env.report.step("publishing");
  return await publish(env.db, env.store, stage, files, async (tx, key) => {
    const id = await insertItem(tx, key, item);
    await rest(tx, id);
    return id;
  });
}

export interface PriceOptions {
  /** Coins for each unit past the free ones. */
  perUnit: number;
  /** How many units from the first are free. */
  freeUnits: number;
  /** The whole book's price (0: not sold whole). */
  bookPrice: number;
}

const unitPrice = (p: PriceOptions, seq: number) => (seq <= p.freeUnits ? 0 : p.perUnit);

/** add-comic: episodes from folders or CBZ files, pages stored per episode. */
export async function ingestComic(env: IngestEnv, paths: readonly string[], opts: ItemOptions & PriceOptions) {
  const title = checkTitle(opts.title);
  await checkReferences(env.db, "comic", { categoryId: opts.categoryId });
  env.report.step(`reading ${paths.join(", ")}`);
  const episodes = await comicEpisodes(paths);
  const pageCount = episodes.reduce((n, e) => n + e.pages.length, 0);
  env.report.step(`${episodes.length} episode(s), ${pageCount} page(s): storing the pages encrypted`);
  return await withStage(env.store, async (stage) => {
    const cover = await storeCover(env, stage, episodes[0]!.pages[0]!);
    const files = ["cover.bin"];
    const all = episodes.flatMap((e, ei) => e.pages.map((page, pi) => ({ page, path: `e${ei + 1}/${String(pi + 1).padStart(4, "0")}.bin`, ei })));
    const stored = await storeAll(env, stage, all.map((a) => a.page), (i) => all[i]!.path);
    files.push(...all.map((a) => a.path));
    const bodies = episodes.map((_, ei) => JSON.stringify(all.flatMap((a, i) => (a.ei === ei ? [{ seed: stored[i]!.ref, ratio: stored[i]!.ratio }] : []))));
    const id = await publishItem(env, stage, files, { kind: "comic", title, description: opts.description ?? "", cover, coins: opts.bookPrice, categoryId: opts.categoryId, tags: opts.tags }, (tx, id) =>
      insertUnits(tx, id, episodes.map((e, i) => ({ title: e.title, coins: unitPrice(opts, i + 1), body: bodies[i] }))),
    );
    return { id, kind: "comic" as const, title, episodes: episodes.map((e, i) => ({ title: e.title, pages: e.pages.length, coins: unitPrice(opts, i + 1) })), pages: pageCount, book_price: opts.bookPrice };
  });
}

/** add-pictures: a folder's images as one set, sold whole. */
export async function ingestPictures(env: IngestEnv, dir: string, opts: ItemOptions & { price: number }) {
  const title = checkTitle(opts.title);
  await checkReferences(env.db, "picture", { categoryId: opts.categoryId });
  env.report.step(`reading ${dir}`);
  const pictures = await pictureFiles(dir);
  env.report.step(`${pictures.length} picture(s): storing them encrypted`);
  return await withStage(env.store, async (stage) => {
    const cover = await storeCover(env, stage, pictures[0]!);
    const paths = pictures.map((_, i) => `pictures/${String(i + 1).padStart(4, "0")}-${token()}.bin`);
    const stored = await storeAll(env, stage, pictures, (i) => paths[i]!);
    const id = await publishItem(env, stage, ["cover.bin", ...paths], { kind: "picture", title, description: opts.description ?? "", cover, coins: opts.price, categoryId: opts.categoryId, tags: opts.tags }, async (tx, id) => {
      for (const [i, s] of stored.entries()) await tx.run("INSERT INTO item_images (item_id, seq, seed, ratio) VALUES (?, ?, ?, ?)", [id, i + 1, s.ref, s.ratio]);
    });
    return { id, kind: "picture" as const, title, pictures: pictures.length, coins: opts.price };
  });
}

/** A novel read from its file, before anything is stored: what the operator is shown before publishing. */
export interface NovelSource {
  format: "txt" | "epub";
  encoding: string;
  chapters: Chapter[];
  description: string;
  cover: SourceImage | null;
}

export async function readNovel(file: string, splitEvery?: number): Promise<NovelSource> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new IngestError(`no such file: ${file}`);
  if (!info.size) throw new IngestError(`${file}: empty file`);
  const bytes = await readFile(file);
  const ext = extname(file).toLowerCase();
  if (ext === ".epub") {
    const book = readEpub(bytes, basename(file));
    const cover = book.cover;
    return { format: "epub", encoding: "utf-8", chapters: book.chapters, description: book.description, cover: cover ? { name: cover.name, read: async () => cover.bytes } : null };
  }
  if (ext !== ".txt") throw new IngestError(`${file}: give a .txt or .epub file`);
  const { encoding, text } = decodeText(bytes);
  if (text.includes("\u0000")) throw new IngestError(`${file}: not a text file`);
  return { format: "txt", encoding, chapters: splitChapters(text, { splitEvery, label: basename(file) }), description: "", cover: null };
}

/** add-novel: the chapters read by `readNovel`, stored as text in the units. */
export async function ingestNovel(env: IngestEnv, novel: NovelSource, opts: ItemOptions & PriceOptions) {
  const title = checkTitle(opts.title);
  await checkReferences(env.db, "novel", { categoryId: opts.categoryId });
  return await withStage(env.store, async (stage) => {
    const cover = novel.cover ? await storeCover(env, stage, novel.cover) : placeholderCover("novel");
    const description = opts.description ?? (novel.description || novel.chapters[0]!.body.replace(/\n/g, " ").slice(0, 120));
    const id = await publishItem(env, stage, novel.cover ? ["cover.bin"] : [], { kind: "novel", title, description, cover, coins: opts.bookPrice, categoryId: opts.categoryId, tags: opts.tags }, (tx, id) =>
      insertUnits(tx, id, novel.chapters.map((c, i) => ({ title: c.title.slice(0, MAX_TITLE), coins: unitPrice(opts, i + 1), body: c.body }))),
    );
    const chars = novel.chapters.reduce((n, c) => n + c.body.length, 0);
    return { id, kind: "novel" as const, title, chapters: novel.chapters.length, characters: chars, encoding: novel.encoding, book_price: opts.bookPrice };
  });
}

/** Where an article's image comes from: a file beside it, a data: address, or a remote address (refused or dropped). */
type ImageSource = { kind: "file"; path: string } | { kind: "data"; bytes: Buffer } | { kind: "remote" };

function imageSourceOf(src: string, articleDir: string, file: string): ImageSource {
  const data = /^data:image\/[\w.+-]+;base64,([\s\S]*)$/i.exec(src.trim());
  if (data) return { kind: "data", bytes: Buffer.from(data[1]!.replace(/\s+/g, ""), "base64") };
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) return { kind: "remote" };
  let path: string;
  try {
    path = decodeURIComponent(src.replace(/[?#].*$/, ""));
  } catch {
    throw new IngestError(`${file}: image "${src}" is not a valid address`);
  }
  const full = resolve(articleDir, path);
  const inside = relative(articleDir, full);
  if (isAbsolute(path) || inside.startsWith("..") || isAbsolute(inside)) throw new IngestError(`${file}: image "${src}" is outside the article's folder; put it beside the article and name it by a relative path`);
  return { kind: "file", path: full };
}

/** add-article: an HTML or Markdown file sanitised as the app does, its images stored, the paid part split off. */
export async function ingestArticle(env: IngestEnv, file: string, opts: ItemOptions & { price: number; dropRemoteImages?: boolean }) {
  const title = checkTitle(opts.title);
  await checkReferences(env.db, "news", { categoryId: opts.categoryId });
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new IngestError(`no such file: ${file}`);
  const ext = extname(file).toLowerCase();
  if (![".html", ".htm", ".md", ".markdown"].includes(ext)) throw new IngestError(`${file}: give a .html or .md file`);
  // NUL marks the images below: none may come from the file.
  const text = decodeText(await readFile(file)).text.replaceAll("\u0000", "");
  const html = ext === ".md" || ext === ".markdown" ? markdownToHtml(text) : text;
  const dir = dirname(resolve(file));
  const sources = new Map(imageSources(html).map((src) => [src, imageSourceOf(src, dir, basename(file))]));
  const remote = [...sources].filter(([, s]) => s.kind === "remote").map(([src]) => src);
  if (remote.length && !opts.dropRemoteImages) {
    throw new IngestError(`${basename(file)}: ${remote.length} remote image(s) (${remote.slice(0, 2).join(", ")}): save them beside the article and refer to them by relative path, or give --drop-remote-images`);
  }
  if (remote.length) env.report.step(`leaving out ${remote.length} remote image(s)`);
  // Each image first as a numbered mark, so that the split tells which part it is in before it is stored.
  const order: string[] = [];
  const mark = (src: string, alt: string) => {
    if (sources.get(src)?.kind === "remote") return null;
    order.push(src);
    return `\u0000${order.length - 1}\u0000${escapeHtml(alt)}\u0000`;
  };
  const article = sanitizeArticle(html, mark);
  if (!article.blocks.length) throw new IngestError(`${basename(file)}: no text or pictures left after sanitising`);
  const { description, body } = splitArticle(article, opts.price > 0);
  const bytesOf = async (n: number) => {
    const source = sources.get(order[n]!)!;
    const bytes = source.kind === "data" ? source.bytes : source.kind === "file" ? await readFile(source.path).catch(() => null) : null;
    if (!bytes) throw new IngestError(`${basename(file)}: image "${order[n]}" not found beside the article`);
    return bytes;
  };
  return await withStage(env.store, async (stage) => {
    const stored = new Map<number, StoredImage>();
    const files: string[] = [];
    for (const [part, htmlPart] of [description, body].entries()) {
      for (const m of htmlPart.matchAll(/\u0000(\d+)\u0000/g)) {
        const n = Number(m[1]);
        const path = `${part ? "paid/" : ""}i${n + 1}.bin`;
        stored.set(n, await storeImage(stage, path, await bytesOf(n), env.mediaKey, order[n]));
        files.push(path);
      }
    }
    const withImages = (h: string) =>
      h.replace(/\u0000(\d+)\u0000([^\u0000]*)\u0000/g, (_, n: string, alt: string) => `<img data-seed="${stored.get(Number(n))!.ref}" data-ratio="${stored.get(Number(n))!.ratio}" alt="${alt}">`);
    const cover = stored.size ? await storeImage(stage, "cover.bin", await bytesOf(Math.min(...stored.keys())), env.mediaKey) : placeholderCover("news");
    if (stored.size) files.push("cover.bin");
    const id = await publishItem(env, stage, files, { kind: "news", title, description: withImages(description), body: withImages(body), cover, coins: opts.price, categoryId: opts.categoryId, tags: opts.tags }, async () => {});
    return { id, kind: "news" as const, title, images: stored.size, coins: opts.price, paid: body ? 1 : 0 };
  });
}
