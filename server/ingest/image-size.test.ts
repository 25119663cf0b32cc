import { describe, expect, it } from "vitest";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { imageSize } from "./image-size.ts";
import { ratioOf } from "./images.ts";

const u16be = (n: number) => [n >> 8, n & 0xff];

/** A JPEG's markers only: SOI, an optional EXIF orientation, SOF0 with the size. */
function jpeg(width: number, height: number, orientation?: number): Buffer {
  const parts: number[] = [0xff, 0xd8];
  if (orientation) {
    const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0, 0, 0];
    const body = [...Buffer.from("Exif\0\0", "latin1"), ...tiff];
    parts.push(0xff, 0xe1, ...u16be(body.length + 2), ...body);
  }
  parts.push(0xff, 0xdb, 0, 4, 0, 0);
  parts.push(0xff, 0xc0, 0, 11, 8, ...u16be(height), ...u16be(width), 1, 1, 0x11, 0);
  parts.push(0xff, 0xd9);
  return Buffer.from(parts);
}

function webp(chunk: string, payload: number[]): Buffer {
  const b = Buffer.alloc(40);
  b.write("RIFF", 0, "latin1");
  b.write("WEBP", 8, "latin1");
  b.write(chunk, 12, "latin1");
  b.set(payload, 20);
  return b;
}

describe("imageSize", () => {
  it("reads a PNG's size", () => {
    expect(imageSize(placeholderPng("x", 300, 400))).toEqual({ width: 300, height: 400 });
  });

  it("reads a JPEG's size, turned by its EXIF orientation as browsers show it", () => {
    expect(imageSize(jpeg(1080, 1920))).toEqual({ width: 1080, height: 1920 });
    expect(imageSize(jpeg(1920, 1080, 6))).toEqual({ width: 1080, height: 1920 });
    expect(imageSize(jpeg(1920, 1080, 1))).toEqual({ width: 1920, height: 1080 });
  });

  it("reads GIF and the three WebP forms", () => {
    expect(imageSize(Buffer.from([...Buffer.from("GIF89a", "latin1"), 64, 1, 200, 0, 0, 0]))).toEqual({ width: 320, height: 200 });
    expect(imageSize(webp("VP8X", [0, 0, 0, 0, 0xff, 0x02, 0, 0x1f, 0x03, 0]))).toEqual({ width: 768, height: 800 });
    // VP8L: 14 bits width-1, 14 bits height-1 after the 0x2f signature byte.
    const bits = (99 & 0x3fff) | ((149 & 0x3fff) << 14);
    expect(imageSize(webp("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]))).toEqual({ width: 100, height: 150 });
    expect(imageSize(webp("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x00, 0x01, 0x40, 0x01]))).toEqual({ width: 256, height: 320 });
  });

  it("answers null for what is not an image or is cut short", () => {
    expect(imageSize(Buffer.from("<svg/>"))).toBeNull();
    expect(imageSize(Buffer.from("%PDF-1.4 and more text here"))).toBeNull();
    expect(imageSize(placeholderPng("x", 10, 10).subarray(0, 12))).toBeNull();
  });

  it("gives ratios reduced", () => {
    expect(ratioOf(720, 960)).toBe("3X4");
    expect(ratioOf(1080, 1920)).toBe("9X16");
  });
});
