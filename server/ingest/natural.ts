// Natural order of file and folder names, as a person sorts them: `2.jpg` before `10.jpg`, `第2话` before
// `第10话`, `第十话` after `第九话`. Used wherever an ingest orders what it found (pages, chapters, episodes).

const CN_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const CN_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10_000 };
const CN_NUMBER = /[零〇一二两三四五六七八九十百千万]+/;

/** A number written in Chinese numerals (`十二`, `一百零五`, `二〇二四`), or NaN. */
export function chineseNumber(text: string): number {
  if (!text || ![...text].every((ch) => ch in CN_DIGITS || ch in CN_UNITS)) return Number.NaN;
  // Digit by digit (`二〇二四`) when there is no unit at all.
  if (![...text].some((ch) => ch in CN_UNITS)) return Number([...text].map((ch) => CN_DIGITS[ch]).join(""));
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const ch of text) {
    if (ch in CN_DIGITS) digit = CN_DIGITS[ch]!;
    else if (ch === "万") {
      total += (section + digit) * 10_000;
      section = 0;
      digit = 0;
    } else {
      section += (digit || 1) * CN_UNITS[ch]!;
      digit = 0;
    }
  }
  return total + section + digit;
}

type Part = string | number;

/** A name as runs of text and numbers (Arabic or Chinese numerals), for comparing. */
function partsOf(name: string): Part[] {
  const parts: Part[] = [];
  const re = new RegExp(`\\d+|${CN_NUMBER.source}`, "g");
  // `第` before a number is the ordinal's mark: `第2话` sorts with `2`, before `10`.
  const text = name.normalize("NFKC").toLowerCase().replace(/第(?=[\d零〇一二两三四五六七八九十百千万])/g, "");
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    const n = /^\d/.test(m[0]) ? Number(m[0]) : chineseNumber(m[0]);
    parts.push(Number.isNaN(n) ? m[0] : n);
    at = m.index + m[0].length;
  }
  const rest = text.slice(at);
  if (rest) parts.push(rest);
  return parts;
}

/** Compares two names in natural order; ties (`01` and `1`) fall back to the plain code-point order. */
export function naturalCompare(a: string, b: string): number {
  const pa = partsOf(a);
  const pb = partsOf(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    // A number sorts before text at the same place (`1.jpg` before `a.jpg`).
    if (typeof x === "number") return -1;
    if (typeof y === "number") return 1;
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** `items` sorted in natural order (a new array). */
export const naturalSort = <T>(items: readonly T[], nameOf: (item: T) => string = String): T[] => [...items].sort((a, b) => naturalCompare(nameOf(a), nameOf(b)));
