/** One rendition of a video's HLS: its folder name (`720p`) and picture size, both even. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** The most the encoder may spend (bits per second), so a segment's size, and so BANDWIDTH, stays bounded. */
  maxrate: number;
}

/** The rungs (the picture's short side), with the bit rate each is capped at. */
const RUNGS = [
  { p: 1080, maxrate: 5_000_000 },
  { p: 720, maxrate: 2_800_000 },
  { p: 540, maxrate: 1_600_000 },
  { p: 360, maxrate: 800_000 },
] as const;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The renditions of a `width`×`height` source, best first: each rung of 360p/540p/720p/1080p up to the source's short
 * side (a portrait video's width), never above it; a source smaller than 360p gets one rendition at its own size.
 * The other side follows the source's shape, rounded to even (H.264's 4:2:0 needs it).
 */
export function ladderFor(width: number, height: number): Rendition[] {
  const short = Math.min(width, height);
  const portrait = height > width;
  const sized = (p: number, maxrate: number, name = `${p}p`): Rendition => {
    const long = even((p * Math.max(width, height)) / short);
    return portrait ? { name, width: even(p), height: long, maxrate } : { name, width: long, height: even(p), maxrate };
  };
  const rungs = RUNGS.filter((r) => r.p <= short);
  if (rungs.length) return rungs.map((r) => sized(r.p, r.maxrate));
  const p = evenDown(short);
  return [sized(p, Math.max(200_000, Math.round((800_000 * p) / 360)), `${p}p`)];
}
