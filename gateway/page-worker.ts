/// <reference lib="webworker" />
// The page's one module worker (decision 022): the envelope's cryptography and encrypted images. One script
// rather than two: over HTTP/1.1 each script of the first screen is a request on one of six connections.
import { runCryptoJob, type CryptoWorkerRequest } from "./crypto-jobs.ts";
import { runImageJob, type ImageJob, type ImageRevoke } from "./image-jobs.ts";

const reply = (message: unknown, transfer: Transferable[] = []) => self.postMessage(message, transfer);

self.onmessage = (event: MessageEvent<CryptoWorkerRequest | ImageJob | ImageRevoke>) => {
  const msg = event.data;
  if ("op" in msg) runCryptoJob(msg, reply);
  else void runImageJob(msg, reply);
};
