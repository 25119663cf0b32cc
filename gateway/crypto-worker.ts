/// <reference lib="webworker" />
// Module worker: the envelope's cryptography off the main thread (decisions 003 and 013): sealing requests,
// checking and decrypting responses, and decrypting large response data.
import { jsCrypto } from "./crypto-js.ts";
import { sealRequest, verifyResponse, type Keys, type ResponseEnvelope } from "./envelope.ts";

export type CryptoWorkerRequest =
  | { id: number; op?: "decrypt"; hex: string; key: string; iv: string }
  | { id: number; op: "seal"; fields: Record<string, unknown>; keys: Keys }
  | { id: number; op: "open"; envelope: ResponseEnvelope; keys: Keys };

/** `open`: whether the sign holds and, when it does and there is data, the decrypted text. */
export interface OpenedResponse {
  signValid: boolean;
  text?: string;
}

function answer(req: CryptoWorkerRequest): unknown {
  switch (req.op) {
    case "seal":
      return sealRequest(req.fields, req.keys, jsCrypto);
    case "open": {
      const signValid = verifyResponse(req.envelope, req.keys, jsCrypto);
      const opened: OpenedResponse = { signValid };
      if (signValid && req.envelope.data) opened.text = jsCrypto.decrypt(req.envelope.data, req.keys.aesKey, req.keys.aesIv);
      return opened;
    }
    default:
      return jsCrypto.decrypt(req.hex, req.key, req.iv);
  }
}

self.onmessage = (event: MessageEvent<CryptoWorkerRequest>) => {
  const { id } = event.data;
  try {
    self.postMessage({ id, result: answer(event.data) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
