/** An image's pixel size from its bytes (PNG, JPEG, GIF, WebP), or null when they are not one of those or are cut short. */
export function imageSize(b: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  const found = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  try {
    if (b.length >= 24 && b[0] === 0x89 && ascii(1, 3) === "PNG" && ascii(12, 4) === "IHDR") return found(view.getUint32(16), view.getUint32(20));
    if (b.length >= 10 && /^GIF8[79]a$/.test(ascii(0, 6))) return found(view.getUint16(6, true), view.getUint16(8, true));
    if (b.length >= 30 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") {
      const chunk = ascii(12, 4);
      if (chunk === "VP8 ") return found(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
      if (chunk === "VP8L") {
        const bits = view.getUint32(21, true);
        return found((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
      }
      if (chunk === "VP8X") return found(1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)));
      return null;
    }
    if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
      // Walk the markers to the first start of frame (SOF0–SOF15 but DHT, JPG and DAC).
      let at = 2;
      let turned = false;
      while (at + 9 < b.length) {
        if (b[at] !== 0xff) return null;
        const marker = b[at + 1]!;
        if (marker === 0xff) {
          at++;
          continue;
        }
        const length = view.getUint16(at + 2);
        // A photo taken sideways is stored so, with an EXIF orientation that browsers turn it by (5 to 8 swap its sides).
        if (marker === 0xe1 && ascii(at + 4, 6) === "Exif\0\0") turned = exifTurned(b.subarray(at + 10, at + 2 + length));
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return turned ? found(view.getUint16(at + 5), view.getUint16(at + 7)) : found(view.getUint16(at + 7), view.getUint16(at + 5));
        }
        at += 2 + length;
      }
    }
  } catch {
    return null;
  }
  return null;
}

/** Whether a JPEG's EXIF block (from its TIFF header) holds an orientation (tag 0x0112 of IFD0) from 5 to 8. */
function exifTurned(tiff: Uint8Array): boolean {
  if (tiff.length < 8) return false;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const le = tiff[0] === 0x49;
  const ifd = view.getUint32(4, le);
  if (ifd + 2 > tiff.length) return false;
  for (let n = 0, count = view.getUint16(ifd, le); n < count; n++) {
    const at = ifd + 2 + n * 12;
    if (at + 12 > tiff.length) return false;
    if (view.getUint16(at, le) === 0x0112) return view.getUint16(at + 8, le) >= 5 && view.getUint16(at + 8, le) <= 8;
  }
  return false;
}
