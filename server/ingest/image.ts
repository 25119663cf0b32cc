import { sniffImage } from "#server/uploads/sniff.ts";
import { BadInput } from "./bad-input.ts";

// What an ingested image is, read from its bytes: the type (as uploads sniff it) and the size it is shown at
// (a JPEG's EXIF orientation turns it, as browsers do), so pages and pictures are laid out before they load.

export interface ImageInfo {
  type: "png" | "jpg" | "gif" | "webp";
  width: number;
  height: number;
  /** `WxH` reduced (`3X4`), the form pages, pictures and article images carry. */
  ratio: string;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** `W X H` reduced; a ratio with a side over 9999 even then is rounded to 1000ths of its longer side. */
export function ratioOf(width: number, height: number): string {
  const g = gcd(width, height);
  let [w, h] = [width / g, height / g];
  if (Math.max(w, h) > 9999) {
    const k = 1000 / Math.max(w, h);
    [w, h] = [Math.max(1, Math.round(w * k)), Math.max(1, Math.round(h * k))];
  }
  return `${w}X${h}`;
}

function jpegSize(b: Buffer): { width: number; height: number } | null {
  let turned = false;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker === 0xe1 && b.toString("latin1", i + 4, i + 10) === "Exif\0\0") turned = exifTurned(b.subarray(i + 10, i + 2 + length));
    // SOF0..SOF15, less DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = b.readUInt16BE(i + 5);
      const width = b.readUInt16BE(i + 7);
      return turned ? { width: height, height: width } : { width, height };
    }
    i += 2 + length;
  }
  return null;
}

/** Whether the EXIF orientation (tag 0x0112 of IFD0) is one of the four that swap width and height (5 to 8). */
function exifTurned(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return false;
  const count = u16(ifd);
  for (let n = 0; n < count; n++) {
    const at = ifd + 2 + n * 12;
    if (at + 12 > tiff.length) return false;
    if (u16(at) === 0x0112) return u16(at + 8) >= 5 && u16(at + 8) <= 8;
  }
  return false;
}

function sizeOf(type: ImageInfo["type"], b: Buffer): { width: number; height: number } | null {
  if (type === "png") return b.length >= 24 && b.toString("latin1", 12, 16) === "IHDR" ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
  if (type === "gif") return b.length >= 10 ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : null;
  if (type === "jpg") return jpegSize(b);
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 " && b.length >= 30) return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8X" && b.length >= 30) return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  return null;
}

/** The image's type and size, or null when the bytes are not a PNG, JPEG, GIF or WebP whose size can be read. */
export function imageInfo(bytes: Buffer): ImageInfo | null {
  const type = sniffImage(bytes) as ImageInfo["type"] | null;
  if (!type) return null;
  const size = sizeOf(type, bytes);
  if (!size || !size.width || !size.height) return null;
  return { type, ...size, ratio: ratioOf(size.width, size.height) };
}

/** As imageInfo, refusing anything else with a message naming `label` (the file or the archive entry). */
export function requireImage(bytes: Buffer, label: string): ImageInfo {
  if (!bytes.length) throw new BadInput(`${label}: empty file, not an image`);
  const info = imageInfo(bytes);
  if (!info) throw new BadInput(`${label}: not a PNG, JPEG, GIF or WebP image (or its size cannot be read)`);
  return info;
}
