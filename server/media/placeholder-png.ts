import { crc32, deflateSync } from "node:zlib";
import { placeholderLayout } from "./placeholder.ts";

// The same neutral placeholder as placeholder.ts (a colour field from the seed and two soft shapes), as a
// PNG: browsers decode raster images off the main thread, while every SVG image is a small document of its
// own that the page lays out and paints (decision 013). No text: labels are shown by the app, not baked in.

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

// A diagonal gradient in 32 bands (close to the SVG's), under a circle and a box: 33 shades × 4 overlaps.
const BANDS = 32;
const SHADES = BANDS + 1;

/**
 * Deterministic for a seed and size, so it caches forever. An indexed-colour PNG: the image has at most
 * 4 × 33 colours, so a byte a pixel and runs along every row: half the bytes of an RGB one, made in about 2 ms
 * where RGB deflated at level 9 took 30-40 ms of the gateway's event loop for a banner.
 */
export function placeholderPng(seed: string, width: number, height: number): Buffer {
  const { w, ht, hue, hue2, circle, box } = placeholderLayout(seed, width, height);
  const from = hsl(hue, 0.45, 0.32);
  const to = hsl(hue2, 0.5, 0.18);
  const circleColour = hsl(hue2, 0.6, 0.6);
  const boxColour = hsl(hue, 0.6, 0.7);
  const blend = (v: number, c: number, a: number) => v + (c - v) * a;
  // Every colour the image can hold, at index overlap × SHADES + shade (overlap: bit 1 circle, bit 2 box), as
  // bytes the way an RGB pixel stores them.
  const colours = new Uint8Array(4 * SHADES * 3);
  for (let shade = 0; shade < SHADES; shade++) {
    const t = shade / BANDS;
    for (let overlap = 0; overlap < 4; overlap++)
      for (let i = 0; i < 3; i++) {
        let v = from[i]! + (to[i]! - from[i]!) * t;
        if (overlap & 1) v = blend(v, circleColour[i]!, 0.25);
        if (overlap & 2) v = blend(v, boxColour[i]!, 0.2);
        colours[(overlap * SHADES + shade) * 3 + i] = v;
      }
  }
  const span = w + ht - 2 || 1;
  const shadeOf = new Uint8Array(w + ht);
  for (let d = 0; d < w + ht - 1; d++) shadeOf[d] = Math.round((d / span) * BANDS);
  // Each row: filter byte 0 (none), then an index a pixel. A row is its diagonal's shades, then the columns the
  // circle or the box may cover are worked out one by one.
  const rows = new Uint8Array((w + 1) * ht);
  const circleFrom = Math.max(0, Math.floor(circle.x - circle.r));
  const circleTo = Math.min(w, Math.ceil(circle.x + circle.r) + 1);
  const boxFrom = Math.max(0, Math.floor(box.x));
  const boxTo = Math.min(w, Math.ceil(box.x + box.w) + 1);
  for (let y = 0; y < ht; y++) {
    const out = y * (w + 1) + 1;
    rows.set(shadeOf.subarray(y, y + w), out);
    const dy = (y - circle.y) ** 2;
    const inCircleRows = dy <= circle.r ** 2;
    const inBoxRow = y >= box.y && y < box.y + box.h;
    if (!inCircleRows && !inBoxRow) continue;
    const xFrom = inCircleRows ? (inBoxRow ? Math.min(circleFrom, boxFrom) : circleFrom) : boxFrom;
    const xTo = inCircleRows ? (inBoxRow ? Math.max(circleTo, boxTo) : circleTo) : boxTo;
    for (let x = xFrom; x < xTo; x++) {
      const overlap = (inCircleRows && (x - circle.x) ** 2 + dy <= circle.r ** 2 ? 1 : 0) | (inBoxRow && x >= box.x && x < box.x + box.w ? 2 : 0);
      rows[out + x] = overlap * SHADES + shadeOf[x + y]!;
    }
  }
  // The palette holds the colours used (the rows' filter bytes count as colour 0: at most one entry no pixel uses).
  const used = new Uint8Array(4 * SHADES);
  for (let o = 0; o < rows.length; o++) used[rows[o]!] = 1;
  const slot = new Uint8Array(4 * SHADES);
  const palette: number[] = [];
  for (let colour = 0; colour < used.length; colour++) {
    if (!used[colour]) continue;
    slot[colour] = palette.length / 3;
    palette.push(...colours.subarray(colour * 3, colour * 3 + 3));
  }
  for (let y = 0; y < ht; y++) for (let x = 0, o = y * (w + 1) + 1; x < w; x++, o++) rows[o] = slot[rows[o]!]!;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(ht, 4);
  ihdr.set([8, 3, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("PLTE", Uint8Array.from(palette)),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
