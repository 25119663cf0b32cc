// Chunked video upload on loopback (docs/protocol.md §6), with the project's own client (gateway/uploads.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { uploadVideo, VIDEO_CHUNK_SIZE, VIDEO_UPLOAD_CONCURRENCY, type UploadConfig } from "#gateway/uploads.ts";

type Line = (label: string, value: string, target?: string) => void;
type Serve = (env: Record<string, string>) => Promise<{ url: string; stop: () => void }>;

const SIZE = 16 * 1024 * 1024;
// The upload address takes chunks in any order within 16 MB of the first missing byte (decision 047): one at a
// time, as an older address allows, and the clients' default.
const CONCURRENCIES = [1, VIDEO_UPLOAD_CONCURRENCY];
const RUNS = 3;

/** A 16 MB file that passes the server's content check: an MP4 `ftyp` box, then random bytes. */
function sampleVideo(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(randomBytes(SIZE));
  bytes.set(Buffer.from("\0\0\0\x18ftypisom", "latin1"));
  return bytes;
}

export async function benchUpload(serve: Serve, line: Line) {
  console.log(`\nVideo upload on loopback (gateway in its own process, ${VIDEO_CHUNK_SIZE / 1024} KB chunks, ${SIZE / 1048576} MB file)`);
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-upload-"));
  const server = await serve({ DATA_DIR: dataDir });
  try {
    const config: UploadConfig = { img_upload_url: `${server.url}/imgUpload.php`, upload_img_key: "dev-img-key", img_domain: "", videoUploadUrl: `${server.url}/videoUpload.php`, uploadKey: "dev-video-key" };
    const file = sampleVideo();
    let identical = true;
    for (const concurrency of CONCURRENCIES) {
      const rates: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now();
        const path = await uploadVideo({ config, file: new Blob([file]), fileName: "bench.mp4", uuid: `bench-upload-${concurrency}-${run}-${Date.now()}`, crypto: nodeCrypto, chunkSize: VIDEO_CHUNK_SIZE, concurrency });
        rates.push(SIZE / 1048576 / ((performance.now() - t0) / 1000));
        identical &&= readFileSync(join(dataDir, path)).equals(file);
      }
      const sorted = [...rates].sort((a, b) => a - b);
      line(`throughput, chunk concurrency ${concurrency} (median of ${RUNS})`, `${sorted[Math.floor(RUNS / 2)]!.toFixed(1)} MB/s`, `target ≥ 20 MB/s; runs ${rates.map((r) => r.toFixed(1)).join(", ")}`);
    }
    line("stored files byte-identical to the source", identical ? "yes" : "NO");
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
