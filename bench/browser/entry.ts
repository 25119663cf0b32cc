// Bench harness page: the browser's decode paths, exposed to bench/index.ts through window.
import { jsCrypto } from "../../gateway/crypto-js.ts";
import { createWorkerDecrypt } from "../../gateway/worker-decrypt.ts";

declare global {
  interface Window {
    benchReady: boolean;
    benchInline(hex: string, key: string, iv: string): number;
    benchWorker(hex: string, key: string, iv: string): Promise<{ mainThreadMs: number; wallMs: number }>;
  }
}

window.benchInline = (hex, key, iv) => {
  const t0 = performance.now();
  JSON.parse(jsCrypto.decrypt(hex, key, iv));
  return performance.now() - t0;
};

let decrypt: ((hex: string) => Promise<string>) | undefined;
window.benchWorker = async (hex, key, iv) => {
  decrypt ??= createWorkerDecrypt({ aesKey: key, aesIv: iv });
  const t0 = performance.now();
  const pending = decrypt(hex);
  let main = performance.now() - t0; // the synchronous part: posting the message
  const text = await pending;
  const t1 = performance.now();
  JSON.parse(text);
  main += performance.now() - t1; // the part after the answer: parsing
  return { mainThreadMs: main, wallMs: performance.now() - t0 };
};
window.benchReady = true;
