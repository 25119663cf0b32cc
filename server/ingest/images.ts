import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { encryptImage } from "#gateway/image-cipher.ts";
import { sniffImage } from "#server/uploads/sniff.ts";
import { IngestError } from "./errors.ts";
import { imageSize } from "./image-size.ts";
import type { Stage } from "./store.ts";
import { storedRef } from "./stored-files.ts";

/** The largest image an ingest takes (a long comic strip page is a few MB). */
export const MAX_INGEST_IMAGE_BYTES = 20 * 1024 * 1024;

/** An image as rows name it: its reference and its ratio (`WxH` reduced, the form covers and pages use). */
export interface StoredImage {
  ref: string;
  ratio: string;
  width: number;
  height: number;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** `1440x2048` → `45X64`: the ratio rows carry. */
export function ratioOf(width: number, height: number) {
  const d = gcd(width, height);
  return `${width / d}X${height / d}`;
}

/**
 * Checks that `bytes` are a real image (PNG, JPEG, GIF or WebP, by content), then stores them encrypted with the
 * media key (docs/protocol.md §7) as `path` (ending in `.bin`) in the staged folder. `name` is what the operator
 * knows the image as, for messages.
 */
export async function storeImage(stage: Stage, path: string, bytes: Uint8Array, mediaKey: string, name = path): Promise<StoredImage> {
  if (!bytes.length) throw new IngestError(`empty file: ${name}`);
  if (bytes.length > MAX_INGEST_IMAGE_BYTES) throw new IngestError(`image too large (over ${MAX_INGEST_IMAGE_BYTES / 1024 / 1024} MB): ${name}`);
  if (!sniffImage(bytes.subarray(0, 16))) throw new IngestError(`not an image (PNG, JPEG, GIF or WebP): ${name}`);
  const size = imageSize(bytes);
  if (!size) throw new IngestError(`unreadable image: ${name}`);
  if (!/^[\w-]+(\/[\w-]+)*\.bin$/.test(path)) throw new Error(`invalid stored image path: ${path}`);
  const file = join(stage.dir, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, await encryptImage(bytes, mediaKey));
  return { ref: storedRef(stage.key, path), ratio: ratioOf(size.width, size.height), ...size };
}
