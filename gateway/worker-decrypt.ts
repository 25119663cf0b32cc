import { jsCrypto } from "./crypto-js.ts";

/** Below this many hex characters a worker round trip costs more than decrypting inline. */
export const WORKER_THRESHOLD_HEX = 8 * 1024;

/**
 * A response decrypter for the browser: small data inline, large data in a module Web Worker.
 * Falls back to inline decryption where workers are unavailable.
 */
export function createWorkerDecrypt(keys: { aesKey: string; aesIv: string }): (hex: string) => Promise<string> {
  let worker: Worker | null | undefined;
  let seq = 0;
  const pending = new Map<number, { resolve: (v: string) => void; reject: (e: Error) => void }>();

  const getWorker = () => {
    if (worker !== undefined) return worker;
    try {
      worker = new Worker(new URL("./crypto-worker.ts", import.meta.url), { type: "module" });
      worker.onmessage = (event: MessageEvent<{ id: number; result?: string; error?: string }>) => {
        const job = pending.get(event.data.id);
        if (!job) return;
        pending.delete(event.data.id);
        if (event.data.error !== undefined) job.reject(new Error(event.data.error));
        else job.resolve(event.data.result ?? "");
      };
      worker.onerror = () => {
        for (const job of pending.values()) job.reject(new Error("decrypt worker failed"));
        pending.clear();
        worker = null;
      };
    } catch {
      worker = null;
    }
    return worker;
  };

  return async (hex) => {
    const w = hex.length >= WORKER_THRESHOLD_HEX && typeof Worker !== "undefined" ? getWorker() : null;
    if (!w) return jsCrypto.decrypt(hex, keys.aesKey, keys.aesIv);
    const id = ++seq;
    return new Promise<string>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage({ id, hex, key: keys.aesKey, iv: keys.aesIv });
    });
  };
}
