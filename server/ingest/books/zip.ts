import { crc32, inflateRawSync } from "node:zlib";
import { IngestError } from "../errors.ts";

// A ZIP reader for CBZ and EPUB: the central directory, then each entry's bytes on demand (stored or deflated),
// with Node's zlib alone. An archive is untrusted input: names that leave their folder, encrypted entries, other
// compression methods, ZIP64 and sizes past the limits are refused with the reason, and an entry's bytes must
// inflate to exactly its declared size and CRC.

export interface ZipEntry {
  /** The path inside the archive, `/`-separated, never leaving it. */
  name: string;
  isDirectory: boolean;
  /** Uncompressed bytes, as declared (and checked when read). */
  size: number;
  compressedSize: number;
  method: number;
  crc: number;
  localOffset: number;
}

export interface ZipLimits {
  /** Every entry's uncompressed size added up (a zip bomb declares or inflates to far more than it holds). */
  maxTotalBytes: number;
  maxEntryBytes: number;
  maxEntries: number;
}

export const ZIP_LIMITS: ZipLimits = { maxTotalBytes: 2 * 1024 ** 3, maxEntryBytes: 256 * 1024 ** 2, maxEntries: 20_000 };

export interface ZipArchive {
  entries: ZipEntry[];
  /** The entry's bytes, inflated and checked. */
  read(entry: ZipEntry): Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Why `name` may not be taken from an archive, or null: it must stay inside the archive's folder. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes("\\")) return "contains a backslash";
  if (name.includes("\0")) return "contains a NUL character";
  if (name.startsWith("/")) return "is an absolute path";
  if (/^[A-Za-z]:/.test(name)) return "starts with a drive letter";
  if (name.split("/").some((part) => part === "..")) return "leaves its folder (..)";
  return null;
}

/** Entry names in old archives made on Chinese Windows are GBK without the UTF-8 flag. */
function decodeName(bytes: Buffer, utf8Flag: boolean): string {
  if (utf8Flag) return bytes.toString("utf8");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("gb18030").decode(bytes);
  }
}

/** Reads the archive's directory; throws BadInput naming `label` (the file) for anything refused. */
export function openZip(buf: Buffer, label: string, limits: ZipLimits = ZIP_LIMITS): ZipArchive {
  const refuse = (why: string): never => {
    throw new IngestError(`${label}: ${why}`);
  };
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) refuse("not a ZIP archive (no central directory)");
  if (buf.readUInt16LE(end + 4) !== 0 || buf.readUInt16LE(end + 6) !== 0) refuse("a ZIP archive split over several files is not supported");
  const count = buf.readUInt16LE(end + 10);
  const dirSize = buf.readUInt32LE(end + 12);
  const dirOffset = buf.readUInt32LE(end + 16);
  if (count === 0xffff || dirOffset === 0xffffffff || dirSize === 0xffffffff) refuse("ZIP64 archives are not supported (repack it as a plain ZIP)");
  if (count > limits.maxEntries) refuse(`holds ${count} entries, more than the ${limits.maxEntries} allowed`);
  if (dirOffset + dirSize > end) refuse("the ZIP central directory is damaged");
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = dirOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL) refuse("the ZIP central directory is damaged");
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressedSize = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const localOffset = buf.readUInt32LE(at + 42);
    const name = decodeName(buf.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
    at += 46 + nameLength + extraLength + commentLength;
    const unsafe = unsafeEntryName(name);
    if (unsafe) refuse(`entry "${name}" ${unsafe}; refusing the whole archive`);
    const isDirectory = name.endsWith("/");
    if (isDirectory) {
      entries.push({ name, isDirectory, size: 0, compressedSize: 0, method, crc, localOffset });
      continue;
    }
    if (flags & 0x1) refuse(`entry "${name}" is encrypted; give the archive without a password`);
    if (method !== 0 && method !== 8) refuse(`entry "${name}" uses compression method ${method}; only stored and deflated entries are read`);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) refuse("ZIP64 archives are not supported (repack it as a plain ZIP)");
    if (size > limits.maxEntryBytes) refuse(`entry "${name}" unpacks to ${mb(size)}, more than the ${mb(limits.maxEntryBytes)} allowed for one file`);
    total += size;
    if (total > limits.maxTotalBytes) refuse(`unpacks to more than the ${mb(limits.maxTotalBytes)} allowed`);
    entries.push({ name, isDirectory, size, compressedSize, method, crc, localOffset });
  }
  const read = (e: ZipEntry): Buffer => {
    if (e.isDirectory) return Buffer.alloc(0);
    const h = e.localOffset;
    if (h + 30 > buf.length || buf.readUInt32LE(h) !== LOCAL) refuse(`entry "${e.name}" is damaged (no local header)`);
    const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
    if (start + e.compressedSize > buf.length) refuse(`entry "${e.name}" is cut short`);
    const packed = buf.subarray(start, start + e.compressedSize);
    let data: Buffer;
    if (e.method === 0) data = packed;
    else {
      try {
        // One byte over the declared size is enough to tell that it lied.
        data = inflateRawSync(packed, { maxOutputLength: e.size + 1 });
      } catch {
        return refuse(`entry "${e.name}" does not inflate to its declared ${e.size} bytes`);
      }
    }
    if (data.length !== e.size) refuse(`entry "${e.name}" does not inflate to its declared ${e.size} bytes`);
    if (crc32(data) !== e.crc) refuse(`entry "${e.name}" fails its CRC check (damaged archive)`);
    return data;
  };
  return { entries, read };
}
