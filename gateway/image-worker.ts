/// <reference lib="webworker" />
// Module worker: decrypts encrypted images with WebCrypto off the main thread (docs/protocol.md §7).
import { decryptImage, sniffImageType } from "./image-cipher.ts";

interface ImageJobBase {
  id: number;
  key: string;
  type: "image";
  /** `url`: a blob: URL made here; `buffer`: the decrypted bytes, transferred back. */
  responseType: "url" | "buffer";
}

/**
 * The encrypted bytes (`data`), or their address (`src`), which the worker fetches itself: then the page's
 * main thread does no request work per image.
 */
export type ImageJob = ImageJobBase & ({ data: ArrayBuffer } | { src: string });

export interface ImageJobResult {
  id: number;
  key: string;
  result?: string | ArrayBuffer;
  mime?: string;
  error?: string;
}

self.onmessage = async (event: MessageEvent<ImageJob | { revoke: string }>) => {
  const msg = event.data;
  if ("revoke" in msg) {
    URL.revokeObjectURL(msg.revoke);
    return;
  }
  try {
    const plain = await decryptImage("src" in msg ? await download(msg.src) : msg.data, msg.key);
    const mime = sniffImageType(plain);
    if (msg.responseType === "url") {
      self.postMessage({ id: msg.id, key: msg.key, mime, result: URL.createObjectURL(new Blob([plain as BlobPart], { type: mime })) } satisfies ImageJobResult);
    } else {
      const buffer = plain.buffer as ArrayBuffer;
      self.postMessage({ id: msg.id, key: msg.key, mime, result: buffer } satisfies ImageJobResult, [buffer]);
    }
  } catch (error) {
    self.postMessage({ id: msg.id, key: msg.key, error: error instanceof Error ? error.message || error.name : String(error) } satisfies ImageJobResult);
  }
};

async function download(src: string): Promise<ArrayBuffer> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}
