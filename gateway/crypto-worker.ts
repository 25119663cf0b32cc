/// <reference lib="webworker" />
// Module worker: the envelope's cryptography off the main thread (decisions 003 and 013): sealing requests,
// checking and decrypting responses.
import { jsCrypto } from "./crypto-js.ts";
import { openResponseText, sealRequest, type Keys, type ResponseEnvelope } from "./envelope.ts";

/** A job for the worker; workerRpc adds the request id. */
export type CryptoWorkerJob = { op: "seal"; fields: Record<string, unknown>; keys: Keys } | { op: "open"; envelope: ResponseEnvelope; keys: Keys };
type CryptoWorkerRequest = CryptoWorkerJob & { id: number };

const answer = (req: CryptoWorkerRequest): unknown =>
  req.op === "seal" ? sealRequest(req.fields, req.keys, jsCrypto) : openResponseText(req.envelope, req.keys, jsCrypto);

self.onmessage = (event: MessageEvent<CryptoWorkerRequest>) => {
  const { id } = event.data;
  try {
    self.postMessage({ id, result: answer(event.data) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
