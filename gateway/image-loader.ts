import { decryptImage, sniffImageType } from "./image-cipher.ts";
import type { ImageJob, ImageJobResult } from "./image-worker.ts";

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
  let worker: Worker | null | undefined;
  let seq = 0;
  const pending = new Map<number, { resolve: (v: string) => void; reject: (e: Error) => void }>();

  const getWorker = () => {
    if (worker !== undefined) return worker;
    try {
      worker = new Worker(new URL("./image-worker.ts", import.meta.url), { type: "module" });
      worker.onmessage = (event: MessageEvent<ImageJobResult>) => {
        const job = pending.get(event.data.id);
        if (!job) return;
        pending.delete(event.data.id);
        if (event.data.error !== undefined) job.reject(new Error(event.data.error));
        else job.resolve(event.data.result as string);
      };
      worker.onerror = () => {
        for (const job of pending.values()) job.reject(new Error("image worker failed"));
        pending.clear();
        worker = null;
      };
    } catch {
      worker = null;
    }
    return worker;
  };

  const decrypt = async (data: ArrayBuffer): Promise<string> => {
    const w = typeof Worker !== "undefined" ? getWorker() : null;
    if (!w) {
      const plain = await decryptImage(data, opts.mediaKey);
      return URL.createObjectURL(new Blob([plain as BlobPart], { type: sniffImageType(plain) }));
    }
    const id = ++seq;
    return new Promise<string>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const job: ImageJob = { id, data, key: opts.mediaKey, type: "image", responseType: "url" };
      w.postMessage(job, [data]);
    });
  };

  const evict = () => {
    while (done.size > cacheSize) {
      const [oldest, result] = done.entries().next().value as [string, Promise<string>];
      done.delete(oldest);
      void result.then((u) => (worker ? worker.postMessage({ revoke: u }) : URL.revokeObjectURL(u))).catch(() => undefined);
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
