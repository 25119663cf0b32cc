import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { placeholderLayout } from "./placeholder.ts";
import { placeholderPng } from "./placeholder-png.ts";

/** The placeholder's pixels worked out the plain way, pixel by pixel: what the fast loop must give exactly. */
function referenceRgb(seed: string, width: number, height: number) {
  const { w, ht, hue, hue2, circle, box } = placeholderLayout(seed, width, height);
  const hsl = (h: number, s: number, l: number) => {
    const a = s * Math.min(l, 1 - l);
    const f = (n: number) => {
      const k = (n + h / 30) % 12;
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
    };
    return [f(0), f(8), f(4)] as const;
  };
  const from = hsl(hue, 0.45, 0.32);
  const to = hsl(hue2, 0.5, 0.18);
  const cc = hsl(hue2, 0.6, 0.6);
  const bc = hsl(hue, 0.6, 0.7);
  const rgb = new Uint8Array(w * ht * 3);
  for (let y = 0; y < ht; y++)
    for (let x = 0; x < w; x++) {
      const t = Math.round(((x + y) / (w + ht - 2)) * 32) / 32;
      let px = [0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * t);
      if ((x - circle.x) ** 2 + (y - circle.y) ** 2 <= circle.r ** 2) px = px.map((v, i) => v + (cc[i]! - v) * 0.25);
      if (y >= box.y && y < box.y + box.h && x >= box.x && x < box.x + box.w) px = px.map((v, i) => v + (bc[i]! - v) * 0.2);
      rgb.set(px, (y * w + x) * 3);
    }
  return rgb;
}

/** The RGB pixels of a PNG of ours: chunks IHDR, PLTE, IDAT, IEND; indexed colour, no filter on any row. */
function decodeRgb(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.set(png.toString("latin1", at + 4, at + 8), png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  expect([...chunks.keys()]).toEqual(["IHDR", "PLTE", "IDAT", "IEND"]);
  const ihdr = chunks.get("IHDR")!;
  const [width, height] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)];
  expect([...ihdr.subarray(8)]).toEqual([8, 3, 0, 0, 0]);
  const palette = chunks.get("PLTE")!;
  const rows = inflateSync(chunks.get("IDAT")!);
  expect(rows.length).toBe((width + 1) * height);
  const rgb = new Uint8Array(width * height * 3);
  let filtered = 0;
  let outside = 0;
  for (let y = 0; y < height; y++) {
    if (rows[y * (width + 1)] !== 0) filtered++;
    for (let x = 0; x < width; x++) {
      const index = rows[y * (width + 1) + 1 + x]!;
      if (index * 3 >= palette.length) outside++;
      rgb.set(palette.subarray(index * 3, index * 3 + 3), (y * width + x) * 3);
    }
  }
  expect({ filtered, outside }).toEqual({ filtered: 0, outside: 0 });
  return { width, height, rgb };
}

describe("placeholder PNG", () => {
  it("draws exactly the plain pixel-by-pixel image, at every size the gateway makes", () => {
    for (const [seed, w, h] of [["ad-1", 750, 328], ["cover-7", 480, 270], ["cover-8", 270, 480], ["avatar-3", 120, 120], ["tiny", 16, 16], ["odd", 333, 17]] as const) {
      const decoded = decodeRgb(placeholderPng(seed, w, h));
      expect([decoded.width, decoded.height]).toEqual([w, h]);
      expect(Buffer.from(decoded.rgb).equals(Buffer.from(referenceRgb(seed, w, h)))).toBe(true);
    }
  });

});
