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

/** Encodes 8-bit RGB rows as a PNG, each row with the "Sub" filter (smooth fields compress well). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const out = y * (stride + 1);
    filtered[out] = 1;
    for (let x = 0; x < stride; x++) filtered[out + 1 + x] = (rgb[row + x]! - (x >= 3 ? rgb[row + x - 3]! : 0)) & 0xff;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(filtered, { level: 9 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** Deterministic for a seed and size, so it caches forever. */
export function placeholderPng(seed: string, width: number, height: number): Buffer {
  const { w, ht, hue, hue2, ...shapes } = placeholderLayout(seed, width, height);
  const from = hsl(hue, 0.45, 0.32);
  const to = hsl(hue2, 0.5, 0.18);
  const circle = { ...shapes.circle, c: hsl(hue2, 0.6, 0.6), a: 0.25 };
  const box = { ...shapes.box, c: hsl(hue, 0.6, 0.7), a: 0.2 };
  const rgb = new Uint8Array(w * ht * 3);
  const span = w + ht - 2 || 1;
  const blend = (v: number, c: number, a: number) => v + (c - v) * a;
  for (let y = 0; y < ht; y++) {
    const dy = (y - circle.y) ** 2;
    const inBoxRow = y >= box.y && y < box.y + box.h;
    for (let x = 0; x < w; x++) {
      // A diagonal gradient in 32 bands: close to the SVG's, and far smaller once deflated.
      const t = Math.round(((x + y) / span) * 32) / 32;
      let red = from[0] + (to[0] - from[0]) * t;
      let green = from[1] + (to[1] - from[1]) * t;
      let blue = from[2] + (to[2] - from[2]) * t;
      if ((x - circle.x) ** 2 + dy <= circle.r ** 2) {
        red = blend(red, circle.c[0], circle.a);
        green = blend(green, circle.c[1], circle.a);
        blue = blend(blue, circle.c[2], circle.a);
      }
      if (inBoxRow && x >= box.x && x < box.x + box.w) {
        red = blend(red, box.c[0], box.a);
        green = blend(green, box.c[1], box.a);
        blue = blend(blue, box.c[2], box.a);
      }
      const o = (y * w + x) * 3;
      rgb[o] = red;
      rgb[o + 1] = green;
      rgb[o + 2] = blue;
    }
  }
  return encodePng(w, ht, rgb);
}
