/// <reference lib="webworker" />
// Module worker: decrypts response data off the main thread (decision 003).
import { jsCrypto } from "./crypto-js.ts";

interface DecryptRequest {
  id: number;
  hex: string;
  key: string;
  iv: string;
}

self.onmessage = (event: MessageEvent<DecryptRequest>) => {
  const { id, hex, key, iv } = event.data;
  try {
    self.postMessage({ id, result: jsCrypto.decrypt(hex, key, iv) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
