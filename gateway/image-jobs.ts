// Encrypted images for the page worker: decrypted with WebCrypto off the main thread (docs/protocol.md §7).
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

/** Revokes a blob: address made here, once the page no longer shows it. */
export type ImageRevoke = { revoke: string };

export async function runImageJob(msg: ImageJob | ImageRevoke, reply: (message: ImageJobResult, transfer?: Transferable[]) => void) {
  if ("revoke" in msg) {
    URL.revokeObjectURL(msg.revoke);
    return;
  }
  try {
    const plain = await decryptImage("src" in msg ? await download(msg.src) : msg.data, msg.key);
    const mime = sniffImageType(plain);
    if (msg.responseType === "url") {
      reply({ id: msg.id, key: msg.key, mime, result: URL.createObjectURL(new Blob([plain as BlobPart], { type: mime })) });
    } else {
      const buffer = plain.buffer as ArrayBuffer;
      reply({ id: msg.id, key: msg.key, mime, result: buffer }, [buffer]);
    }
  } catch (error) {
    reply({ id: msg.id, key: msg.key, error: error instanceof Error ? error.message || error.name : String(error) });
  }
}

async function download(src: string): Promise<ArrayBuffer> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}
