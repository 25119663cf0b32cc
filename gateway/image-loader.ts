import { decryptImage, sniffImageType } from "./image-cipher.ts";
import type { ImageJob, ImageJobResult } from "./image-worker.ts";
import { workerRpc } from "./worker-rpc.ts";

export interface ImageLoader {
  /** Fetches, decrypts and returns a displayable URL; the same URL is loaded once. */
  load(url: string): Promise<string>;
  /** Decrypts bytes already in hand (benchmarks, previews). */
  decrypt(data: ArrayBuffer): Promise<string>;
}

/**
 * Encrypted images for the browser: one module worker decrypts with WebCrypto and hands back blob: URLs.
 * Recent results are kept (an LRU of `cacheSize`), so scrolling back does not decrypt again.
 */
export function createImageLoader(opts: { mediaKey: string; cacheSize?: number; fetch?: typeof fetch }): ImageLoader {
  const cacheSize = opts.cacheSize ?? 400;
  const done = new Map<string, Promise<string>>();
  const rpc = workerRpc<ImageJobResult>(() => new Worker(new URL("./image-worker.ts", import.meta.url), { type: "module" }), "image worker");

  const decrypt = async (data: ArrayBuffer): Promise<string> => {
    const job: Omit<ImageJob, "id"> = { data, key: opts.mediaKey, type: "image", responseType: "url" };
    const answer = rpc.ask(job, [data]);
    if (answer) return (await answer).result as string;
    const plain = await decryptImage(data, opts.mediaKey);
    return URL.createObjectURL(new Blob([plain as BlobPart], { type: sniffImageType(plain) }));
  };

  const evict = () => {
    while (done.size > cacheSize) {
      const [oldest, result] = done.entries().next().value as [string, Promise<string>];
      done.delete(oldest);
      // A blob: address is revoked where it was made: in the worker, or here when decrypted inline.
      void result.then((u) => rpc.tell({ revoke: u }) || URL.revokeObjectURL(u)).catch(() => undefined);
    }
  };

  return {
    decrypt,
    load(url) {
      const hit = done.get(url);
      if (hit) {
        // Refresh its place in the LRU.
        done.delete(url);
        done.set(url, hit);
        return hit;
      }
      rpc.warm(); // the worker's script loads while the image downloads
      const result = (async () => {
        const response = await (opts.fetch ?? fetch)(url);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return decrypt(await response.arrayBuffer());
      })();
      done.set(url, result);
      // A failure is not kept: the next attempt fetches again.
      result.catch(() => {
        if (done.get(url) === result) done.delete(url);
      });
      evict();
      return result;
    },
  };
}
