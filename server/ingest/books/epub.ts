import { posix } from "node:path";
import { IngestError } from "../errors.ts";
import { decodeEntities, findAll, findElement, paragraphsOf, parseHtml, textOf, type Element } from "./html.ts";
import type { Chapter } from "./novel.ts";
import { openZip, type ZipArchive } from "./zip.ts";

// An EPUB (2 or 3) as a novel's chapters, Calibre's way: META-INF/container.xml names the package (OPF), whose spine
// orders the XHTML documents; each becomes a chapter of plain paragraphs, titled by the table of contents (EPUB 3's
// nav, else EPUB 2's NCX), else its first heading. Documents with no text (a cover page, an image-only page) are left
// out. The cover image, when the package names one, comes back for the item's cover.

export interface EpubBook {
  title: string;
  author: string;
  description: string;
  chapters: Chapter[];
  cover: { name: string; bytes: Buffer } | null;
}

const strip = (href: string) => decodeURIComponent(href.replace(/[#?].*$/, ""));

export function readEpub(bytes: Buffer, label: string): EpubBook {
  const zip = openZip(bytes, label);
  const refuse = (why: string): never => {
    throw new IngestError(`${label}: ${why}`);
  };
  const entries = new Map(zip.entries.map((e) => [e.name, e]));
  const read = (name: string) => {
    const entry = entries.get(name);
    if (!entry) return refuse(`not a valid EPUB: ${name} is missing`);
    return zip.read(entry);
  };
  const container = parseHtml(read("META-INF/container.xml").toString("utf8"));
  const opfPath = findAll(container, "rootfile").find((r) => !r.attrs["media-type"] || r.attrs["media-type"] === "application/oebps-package+xml")?.attrs["full-path"];
  if (!opfPath) refuse("not a valid EPUB: container.xml names no package");
  const opf = parseHtml(read(opfPath!).toString("utf8"));
  const base = posix.dirname(opfPath!);
  const resolveIn = (dir: string, href: string) => posix.normalize(posix.join(dir, strip(href)));
  const manifest = new Map(findAll(opf, "item").map((i) => [i.attrs.id ?? "", i.attrs]));
  const spineEl = findElement(opf, ["spine"]);
  const spine = (spineEl ? findAll(spineEl, "itemref") : []).filter((r) => r.attrs.linear !== "no").flatMap((r) => {
    const item = manifest.get(r.attrs.idref ?? "");
    return item?.href && /x?html|xml/.test(item["media-type"] ?? "") ? [resolveIn(base, item.href)] : [];
  });
  if (!spine.length) refuse("not a valid EPUB: its spine names no documents");

  const titles = tocTitles(zip, entries, manifest, spineEl, base, resolveIn);
  const chapters: Chapter[] = [];
  for (const path of new Set(spine)) {
    const doc = parseHtml(read(path).toString("utf8"));
    const body = findElement(doc, ["body"]) ?? doc;
    const lines = paragraphsOf(body);
    if (!lines.length) continue;
    const heading = findElement(body, ["h1", "h2", "h3"]);
    const title = titles.get(path) || (heading ? textOf(heading) : "") || `第${chapters.length + 1}章`;
    // The heading is the chapter's title; its text is not repeated as the first paragraph.
    if (lines[0] === title || (heading && lines[0] === textOf(heading))) lines.shift();
    if (lines.length) chapters.push({ title: title.slice(0, 100), body: lines.join("\n") });
  }
  if (!chapters.length) refuse("no text in any chapter");

  const meta = (name: string) => {
    const el = findElement(opf, [name]);
    // `dc:title` is parsed as HTML's raw-text <title>: its entities are still to decode.
    if (el?.name === "title") return decodeEntities(el.children.filter((c) => typeof c === "string").join("")).trim();
    return el ? textOf(el) : "";
  };
  const coverItem = [...manifest.values()].find((i) => /(^|\s)cover-image(\s|$)/.test(i.properties ?? "")) ?? manifest.get(findAll(opf, "meta").find((m) => m.attrs.name === "cover")?.attrs.content ?? "");
  const coverPath = coverItem?.href ? resolveIn(base, coverItem.href) : "";
  const coverEntry = coverPath ? entries.get(coverPath) : undefined;
  return {
    title: meta("title"),
    author: meta("creator"),
    description: paragraphsOf(parseHtml(meta("description"))).join("\n"),
    chapters,
    cover: coverEntry ? { name: `${label}: ${coverPath}`, bytes: zip.read(coverEntry) } : null,
  };
}

/** Document path → title, from the nav (EPUB 3) or the NCX (EPUB 2); the first entry naming a document wins. */
function tocTitles(
  zip: ZipArchive,
  entries: Map<string, ZipArchive["entries"][number]>,
  manifest: Map<string, Record<string, string>>,
  spine: Element | null,
  base: string,
  resolveIn: (dir: string, href: string) => string,
): Map<string, string> {
  const titles = new Map<string, string>();
  const add = (path: string, title: string) => {
    if (title && !titles.has(path)) titles.set(path, title);
  };
  const nav = [...manifest.values()].find((i) => /(^|\s)nav(\s|$)/.test(i.properties ?? ""));
  const ncx = manifest.get(spine?.attrs.toc ?? "") ?? [...manifest.values()].find((i) => i["media-type"] === "application/x-dtbncx+xml");
  const load = (href: string) => {
    const path = resolveIn(base, href);
    const entry = entries.get(path);
    return entry ? { path, doc: parseHtml(zip.read(entry).toString("utf8")) } : null;
  };
  const navDoc = nav?.href ? load(nav.href) : null;
  if (navDoc) {
    const toc = findAll(navDoc.doc, "nav").find((n) => n.attrs.type === "toc") ?? findElement(navDoc.doc, ["nav"]);
    for (const a of toc ? findAll(toc, "a") : []) if (a.attrs.href) add(resolveIn(posix.dirname(navDoc.path), a.attrs.href), textOf(a));
  }
  const ncxDoc = !titles.size && ncx?.href ? load(ncx.href) : null;
  if (ncxDoc) {
    for (const point of findAll(ncxDoc.doc, "navpoint")) {
      const src = findElement(point, ["content"])?.attrs.src;
      const label = findElement(point, ["navlabel"]);
      if (src && label) add(resolveIn(posix.dirname(ncxDoc.path), src), textOf(label));
    }
  }
  return titles;
}
