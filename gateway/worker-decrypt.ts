import { jsCrypto } from "./crypto-js.ts";
import { workerRpc } from "./worker-rpc.ts";

/** Below this many hex characters a worker round trip costs more than decrypting inline. */
export const WORKER_THRESHOLD_HEX = 8 * 1024;

/**
 * A response decrypter for the browser: small data inline, large data in a module Web Worker.
 * Falls back to inline decryption where workers are unavailable.
 */
export function createWorkerDecrypt(keys: { aesKey: string; aesIv: string }): (hex: string) => Promise<string> {
  const rpc = workerRpc<{ id: number; result?: string; error?: string }>(
    () => new Worker(new URL("./crypto-worker.ts", import.meta.url), { type: "module" }),
    "decrypt worker",
  );
  return async (hex) => {
    const answer = hex.length >= WORKER_THRESHOLD_HEX ? rpc.ask({ hex, key: keys.aesKey, iv: keys.aesIv }) : null;
    if (!answer) return jsCrypto.decrypt(hex, keys.aesKey, keys.aesIv);
    return (await answer).result ?? "";
  };
}
