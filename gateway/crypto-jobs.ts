// The envelope's cryptography for the page worker (decisions 003, 013 and 022): sealing requests, checking
// and decrypting responses, with crypto-js.
import { jsCrypto } from "./crypto-js.ts";
import { openResponseText, sealRequest, type Keys, type ResponseEnvelope } from "./envelope.ts";

/** A job for the worker; workerRpc adds the request id. */
export type CryptoWorkerJob = { op: "seal"; fields: Record<string, unknown>; keys: Keys } | { op: "open"; envelope: ResponseEnvelope; keys: Keys };
export type CryptoWorkerRequest = CryptoWorkerJob & { id: number };

const answer = (req: CryptoWorkerRequest): unknown =>
  req.op === "seal" ? sealRequest(req.fields, req.keys, jsCrypto) : openResponseText(req.envelope, req.keys, jsCrypto);

export function runCryptoJob(req: CryptoWorkerRequest, reply: (message: unknown) => void) {
  try {
    reply({ id: req.id, result: answer(req) });
  } catch (error) {
    reply({ id: req.id, error: error instanceof Error ? error.message : String(error) });
  }
}
