import { readdir, readFile, stat } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { IngestError } from "../errors.ts";
import { naturalSort } from "../natural.ts";
import { openZip, type ZipArchive } from "./zip.ts";

// Where a comic's episodes and a picture set's pictures come from: folders of images, CBZ (ZIP) archives, or an
// archive holding episode folders. Pages are ordered as a person sorts names (`2.jpg` before `10.jpg`). Each page
// is read only when it is stored (and checked there as a real image); a file that names itself an image but is not
// one is refused then, and any other file beside the pages is refused here, but for the metadata and litter archive
// tools leave (ComicInfo.xml, Thumbs.db, __MACOSX), which is skipped.

/** A page or picture as found: its name for messages, and its bytes on demand. */
export interface SourceImage {
  name: string;
  read(): Promise<Buffer>;
}

export interface EpisodeSource {
  title: string;
  pages: SourceImage[];
}

const IMAGE = /\.(jpe?g|png|gif|webp)$/i;
const ARCHIVE = /\.(cbz|zip)$/i;
/** What comic tools and operating systems leave beside pages. */
const LITTER = /(^|\/)(__MACOSX\/.*|\.[^/]*|thumbs\.db|desktop\.ini|comicinfo\.xml|[^/]*\.(nfo|txt|xml|json|url|sfv|md5))$/i;

export const isLitter = (path: string) => LITTER.test(path);

/** `第1话` for a bare number (`1`, `01`), else the name without its extension. */
export function episodeTitle(name: string, fallbackSeq: number): string {
  const bare = name.replace(ARCHIVE, "").trim();
  if (/^\d{1,5}$/.test(bare)) return `第${Number(bare)}话`;
  return bare || `第${fallbackSeq}话`;
}

function checkNames(where: string, names: string[]) {
  const other = names.filter((n) => !IMAGE.test(n) && !isLitter(n));
  if (other.length) throw new IngestError(`${where}: ${other.slice(0, 3).map((n) => `"${n}"`).join(", ")} ${other.length > 1 ? "are" : "is"} not an image (PNG, JPEG, GIF or WebP)`);
}

/** The images directly in `dir`, in natural order; any other file is refused. */
export async function imagesIn(dir: string): Promise<SourceImage[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = entries.filter((e) => !e.isDirectory()).map((e) => e.name);
  checkNames(dir, files);
  return naturalSort(files.filter((n) => IMAGE.test(n) && !isLitter(n))).map((n) => ({ name: join(dir, n), read: () => readFile(join(dir, n)) }));
}

/** An archive's episodes: one per folder holding pages, or the whole archive as one (titled `title`). */
function archiveEpisodes(zip: ZipArchive, label: string, title: string): EpisodeSource[] {
  const files = zip.entries.filter((e) => !e.isDirectory && !isLitter(e.name));
  checkNames(label, files.map((e) => e.name));
  const byFolder = new Map<string, typeof files>();
  for (const e of files) {
    const folder = e.name.includes("/") ? e.name.slice(0, e.name.lastIndexOf("/")) : "";
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), e]);
  }
  const page = (e: (typeof files)[number]): SourceImage => ({ name: `${label}: ${e.name}`, read: async () => zip.read(e) });
  if (byFolder.size <= 1) return [{ title, pages: naturalSort(files, (e) => e.name).map(page) }];
  if (byFolder.has("")) throw new IngestError(`${label}: holds pages both at its top and in folders; put every episode's pages in its own folder`);
  return naturalSort([...byFolder.keys()]).map((folder, i) => ({ title: episodeTitle(basename(folder), i + 1), pages: naturalSort(byFolder.get(folder)!, (e) => e.name).map(page) }));
}

async function readArchive(file: string, seq: number): Promise<EpisodeSource[]> {
  return archiveEpisodes(openZip(await readFile(file), basename(file)), basename(file), episodeTitle(basename(file), seq));
}

/**
 * A comic's episodes from what the operator named: CBZ files (one episode each, or episode folders inside), or one
 * folder of episode folders, of CBZ files, or of pages (one episode). Several paths are taken in natural order.
 */
export async function comicEpisodes(paths: readonly string[]): Promise<EpisodeSource[]> {
  const episodes: EpisodeSource[] = [];
  for (const path of naturalSort(paths, (p) => basename(p))) {
    const info = await stat(path).catch(() => null);
    if (!info) throw new IngestError(`no such file or folder: ${path}`);
    if (info.isFile()) {
      if (!ARCHIVE.test(path)) throw new IngestError(`${path}: give a folder or a .cbz file`);
      episodes.push(...(await readArchive(path, episodes.length + 1)));
      continue;
    }
    const entries = await readdir(path, { withFileTypes: true });
    const folders = naturalSort(entries.filter((e) => e.isDirectory() && !isLitter(`${e.name}/x`)).map((e) => e.name));
    const archives = naturalSort(entries.filter((e) => e.isFile() && ARCHIVE.test(e.name)).map((e) => e.name));
    const pages = entries.filter((e) => e.isFile() && IMAGE.test(e.name));
    if ([folders.length, archives.length, pages.length].filter(Boolean).length > 1) {
      throw new IngestError(`${path}: mixes episode folders, CBZ files and pages; give one kind (a folder per episode, a CBZ per episode, or the pages of one episode)`);
    }
    if (pages.length) episodes.push({ title: episodeTitle(basename(path), episodes.length + 1), pages: await imagesIn(path) });
    for (const name of archives) episodes.push(...(await readArchive(join(path, name), episodes.length + 1)));
    for (const name of folders) episodes.push({ title: episodeTitle(name, episodes.length + 1), pages: await imagesIn(join(path, name)) });
    if (!pages.length && !archives.length && !folders.length) checkNames(path, entries.filter((e) => e.isFile()).map((e) => e.name));
  }
  if (!episodes.length) throw new IngestError(`no pages found in ${paths.join(", ")}`);
  const empty = episodes.find((e) => !e.pages.length);
  if (empty) throw new IngestError(`episode "${empty.title}" has no pages`);
  return episodes;
}

/** A picture set's pictures: the images of one folder, in natural order. */
export async function pictureFiles(dir: string): Promise<SourceImage[]> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new IngestError(`${dir}: give a folder of pictures`);
  const images = await imagesIn(dir);
  if (!images.length) throw new IngestError(`${dir}: no pictures (PNG, JPEG, GIF or WebP) in it`);
  return images;
}

export const extensionOf = (name: string) => extname(name).slice(1).toLowerCase();
