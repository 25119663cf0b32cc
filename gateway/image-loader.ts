import { decryptImage, sniffImageType } from "./image-cipher.ts";
import type { ImageJob, ImageJobResult } from "./image-jobs.ts";
import { startPageWorker, workerRpc } from "./worker-rpc.ts";

export interface ImageLoader {
  /** Fetches, decrypts and returns a displayable URL; the same URL is loaded once. */
  load(url: string): Promise<string>;
  /**
   * Like `load`, but the URL is not kept: the caller gives it back with `release` once it no longer shows it
   * (a windowed reader bounds the decoded images alive at once).
   */
  loadOwned(url: string): Promise<string>;
  /** Revokes a URL of `loadOwned`. */
  release(url: string): void;
  /** Decrypts bytes already in hand (benchmarks, previews). */
  decrypt(data: ArrayBuffer): Promise<string>;
  /** Starts the worker now, so that it is ready when the first address arrives. */
  warm(): void;
}

/**
 * Encrypted images for the browser: the page worker decrypts with WebCrypto and hands back blob: URLs.
 * Recent results are kept (an LRU of `cacheSize`), so scrolling back does not decrypt again.
 */
export function createImageLoader(opts: { mediaKey: string; cacheSize?: number }): ImageLoader {
  const cacheSize = opts.cacheSize ?? 400;
  const done = new Map<string, Promise<string>>();
  const rpc = workerRpc<ImageJobResult>(startPageWorker, "page worker");

  const decryptInline = async (data: ArrayBuffer): Promise<string> => {
    const plain = await decryptImage(data, opts.mediaKey);
    return URL.createObjectURL(new Blob([plain as BlobPart], { type: sniffImageType(plain) }));
  };
  const ask = (job: { data: ArrayBuffer } | { src: string }, transfer: Transferable[] = []) =>
    rpc.ask({ ...job, key: opts.mediaKey, type: "image", responseType: "url" } satisfies Omit<ImageJob, "id">, transfer);

  const decrypt = async (data: ArrayBuffer): Promise<string> => {
    const answer = ask({ data }, [data]);
    return answer ? ((await answer).result as string) : decryptInline(data);
  };

  const download = async (url: string): Promise<string> => {
    // The worker fetches and decrypts; without one the page does both. A worker resolves a relative
    // address against its script's, not the page's.
    const answer = ask({ src: typeof location === "undefined" ? url : new URL(url, location.href).href });
    if (answer) return (await answer).result as string;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return decryptInline(await response.arrayBuffer());
  };

  // A blob: address is revoked where it was made: in the worker, or here when decrypted inline (revoking an
  // address this side did not make does nothing).
  const revoke = (u: string) => {
    rpc.tell({ revoke: u });
    URL.revokeObjectURL(u);
  };

  const evict = () => {
    while (done.size > cacheSize) {
      const [oldest, result] = done.entries().next().value as [string, Promise<string>];
      done.delete(oldest);
      void result.then(revoke).catch(() => undefined);
    }
  };

  return {
    decrypt,
    warm: () => rpc.warm(),
    loadOwned: download,
    release: revoke,
    load(url) {
      const hit = done.get(url);
      if (hit) {
        // Refresh its place in the LRU.
        done.delete(url);
        done.set(url, hit);
        return hit;
      }
      const result = download(url);
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
