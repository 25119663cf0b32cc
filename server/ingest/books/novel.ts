import { IngestError } from "../errors.ts";

// A novel's TXT as chapters (Calibre's way): the encoding detected from the bytes, then the text cut at its
// chapter headings (第…章, 第…卷, 第…回, in Chinese or Arabic numerals). A chapter's body is its paragraphs, one a line,
// as the reader shows them (app/features/novels/reader-pages.ts).

export interface Chapter {
  title: string;
  /** Paragraphs, one a line. */
  body: string;
}

/** The encoding the bytes are in and their text: a BOM (UTF-8, UTF-16 LE/BE) first, then valid UTF-8, else GB18030 (which GBK and GB2312 are subsets of). */
export function decodeText(bytes: Uint8Array): { encoding: string; text: string } {
  const b = bytes;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: "utf-8", text: new TextDecoder("utf-8").decode(b.subarray(3)) };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: "utf-16le", text: new TextDecoder("utf-16le").decode(b.subarray(2)) };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: "utf-16be", text: new TextDecoder("utf-16be").decode(b.subarray(2)) };
  try {
    return { encoding: "utf-8", text: new TextDecoder("utf-8", { fatal: true }).decode(b) };
  } catch {
    // Not UTF-8: in China a TXT without a BOM is GBK, or GB18030 which holds it.
  }
  try {
    return { encoding: "gb18030", text: new TextDecoder("gb18030", { fatal: true }).decode(b) };
  } catch {
    throw new IngestError("the text is neither UTF-8, UTF-16 (with a BOM) nor GB18030/GBK; save it as UTF-8");
  }
}

const NUMERAL = "[0-9０-９零〇一二两三四五六七八九十百千万]+";
/** A heading line: `第十二章 归来`, `第3卷`, `第一百回　…`; short, so a sentence that starts so is not one. */
const HEADING = new RegExp(`^(第${NUMERAL}[章卷回])(?:[\\s:：、.．·-]*(.*))?$`);
const MAX_HEADING = 40;

const isVolume = (heading: string) => heading.endsWith("卷");

/** Lines as paragraphs: trimmed (full-width indents too), blank ones dropped. */
const paragraphs = (lines: readonly string[]) =>
  lines
    .map((l) => l.replace(/^[\s\u3000]+|[\s\u3000]+$/g, ""))
    .filter(Boolean)
    .join("\n");

/**
 * The text cut into chapters at its headings. Text before the first heading (a title page, a foreword) becomes a
 * chapter titled 序 when it has any; a volume heading (第…卷) directly followed by a chapter heading is carried into
 * that chapter's title. Without headings: cut every `splitEvery` characters at a paragraph's end when given, else
 * refused.
 */
export function splitChapters(text: string, opts: { splitEvery?: number; label?: string } = {}): Chapter[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const found: { title: string; lines: string[] }[] = [];
  let current: { title: string; lines: string[] } = { title: "序", lines: [] };
  let volume = "";
  for (const raw of lines) {
    const line = raw.replace(/^[\s\u3000]+|[\s\u3000]+$/g, "");
    const m = line.length <= MAX_HEADING ? HEADING.exec(line) : null;
    if (!m) {
      current.lines.push(line);
      continue;
    }
    if (current.lines.some((l) => l.trim()) || found.length === 0) found.push(current);
    const title = [m[1], m[2]?.trim()].filter(Boolean).join(" ");
    if (isVolume(m[1]!)) {
      volume = title;
      current = { title, lines: [] };
      continue;
    }
    current = { title: volume && current.title === volume && !current.lines.some((l) => l.trim()) ? `${volume} ${title}` : title, lines: [] };
  }
  found.push(current);
  const chapters = found.map((c) => ({ title: c.title, body: paragraphs(c.lines) })).filter((c, i) => c.body || (i > 0 && !isVolume(c.title)));
  const headed = chapters.filter((c) => c.title !== "序");
  if (headed.length) return chapters.filter((c) => c.title !== "序" || c.body);
  if (!opts.splitEvery) {
    throw new IngestError(`${opts.label ?? "the text"}: no chapter headings (第…章, 第…卷 or 第…回 on a line of its own); give --split-every N to cut it every N characters`);
  }
  return splitEvery(paragraphs(lines), opts.splitEvery);
}

/** Parts of about `size` characters each, cut at the end of a paragraph (or inside one longer than `size`). */
export function splitEvery(body: string, size: number): Chapter[] {
  const parts: string[] = [];
  let part: string[] = [];
  let length = 0;
  for (const p of body.split("\n")) {
    for (let at = 0; at < p.length; at += size) {
      const piece = p.slice(at, at + size);
      if (length && length + piece.length > size) {
        parts.push(part.join("\n"));
        part = [];
        length = 0;
      }
      part.push(piece);
      length += piece.length;
    }
  }
  if (part.length) parts.push(part.join("\n"));
  if (!parts.length) throw new IngestError("the text is empty");
  return parts.map((body, i) => ({ title: `第${i + 1}节`, body }));
}
