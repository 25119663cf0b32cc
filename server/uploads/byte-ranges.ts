/** Held byte ranges of a chunked upload: `[start, end)` each, sorted, merged, never touching. */
export type ByteRanges = [number, number][];

/** The ranges with `[start, end)` added, merged with any it overlaps or touches. */
export function addRange(ranges: ByteRanges, start: number, end: number): ByteRanges {
  const out: ByteRanges = [];
  let s = start;
  let e = end;
  for (const [a, b] of ranges) {
    if (b < s) out.push([a, b]);
    else if (a > e) {
      out.push([s, e]);
      s = a;
      e = b;
    } else {
      s = Math.min(s, a);
      e = Math.max(e, b);
    }
  }
  out.push([s, e]);
  return out;
}

/** The parts of `[start, end)` not held yet. */
export function missingIn(ranges: ByteRanges, start: number, end: number): ByteRanges {
  const out: ByteRanges = [];
  let at = start;
  for (const [a, b] of ranges) {
    if (b <= at) continue;
    if (a >= end) break;
    if (a > at) out.push([at, a]);
    at = Math.max(at, b);
    if (at >= end) break;
  }
  if (at < end) out.push([at, end]);
  return out;
}

/** Bytes held from 0 without a gap: where the first missing byte is. */
export function heldFromStart(ranges: ByteRanges): number {
  return ranges[0]?.[0] === 0 ? ranges[0][1] : 0;
}
