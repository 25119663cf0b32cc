// Bench harness page: the browser's decode paths, exposed to bench/index.ts through window.
import { jsCrypto } from "../../gateway/crypto-js.ts";
import type { Keys, ResponseEnvelope } from "../../gateway/envelope.ts";
import { createWorkerEnvelope, type EnvelopeOffload } from "../../gateway/worker-envelope.ts";
import { encryptImage } from "../../gateway/image-cipher.ts";
import { createImageLoader } from "../../gateway/image-loader.ts";

declare global {
  interface Window {
    benchReady: boolean;
    benchInline(hex: string, key: string, iv: string): number;
    benchWorker(env: ResponseEnvelope, keys: Keys): Promise<{ mainThreadMs: number; wallMs: number }>;
    benchImages(key: string, count: number, bytes: number): Promise<{ imagesPerSec: number; mbPerSec: number; mainThreadMs: number }>;
  }
}

window.benchInline = (hex, key, iv) => {
  const t0 = performance.now();
  JSON.parse(jsCrypto.decrypt(hex, key, iv));
  return performance.now() - t0;
};

let offload: EnvelopeOffload | undefined;
// The app's path: the worker checks the sign and decrypts; the main thread posts and parses.
window.benchWorker = async (env, keys) => {
  offload ??= createWorkerEnvelope(keys);
  const t0 = performance.now();
  const pending = offload.open(env);
  let main = performance.now() - t0; // the synchronous part: posting the message
  const { text } = await pending;
  const t1 = performance.now();
  JSON.parse(text ?? "");
  main += performance.now() - t1; // the part after the answer: parsing
  return { mainThreadMs: main, wallMs: performance.now() - t0 };
};
// Encrypted images through the worker (WebCrypto), `count` at a time as a feed screen would ask.
window.benchImages = async (key, count, bytes) => {
  const loader = createImageLoader({ mediaKey: key, cacheSize: 0 });
  const plain = new Uint8Array(bytes);
  plain.set(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"));
  const sealed = await encryptImage(plain, key);
  await loader.decrypt(sealed.slice().buffer); // warm up the worker
  const copies = Array.from({ length: count }, () => sealed.slice().buffer);
  const t0 = performance.now();
  const jobs = copies.map((c) => loader.decrypt(c));
  const main = performance.now() - t0;
  await Promise.all(jobs);
  const seconds = (performance.now() - t0) / 1000;
  return { imagesPerSec: count / seconds, mbPerSec: (count * bytes) / 1048576 / seconds, mainThreadMs: main };
};
window.benchReady = true;
