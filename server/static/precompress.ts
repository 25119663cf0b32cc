import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

const pack = promisify(brotliCompress);

/** Text the gateway serves from the build; images and video are compressed already. */
export const PRECOMPRESSED = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".webmanifest", ".txt"]);
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli at its highest quality) next to each text file of the build, once, at build time:
 * about 14% fewer bytes than gzip on the first screen, at no cost per request (decision 017). The gateway
 * sends the copy to a browser that takes brotli (sendFile). Returns how many files were packed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && PRECOMPRESSED.has(extname(e.name).toLowerCase())).map((e) => join(e.parentPath, e.name));
  let packed = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const br = await pack(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      // Not worth a second copy when brotli saves next to nothing.
      if (br.length > bytes.length * 0.9) return;
      await writeFile(`${file}.br`, br);
      packed++;
    }),
  );
  return packed;
}
