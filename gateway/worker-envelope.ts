import type { CryptoWorkerJob } from "./crypto-jobs.ts";
import type { Keys, OpenedResponse, RequestEnvelope, ResponseEnvelope } from "./envelope.ts";
import { startPageWorker, workerRpc } from "./worker-rpc.ts";

/** Seals requests and opens responses somewhere other than the caller's thread. */
export interface EnvelopeOffload {
  seal(fields: Record<string, unknown>): Promise<RequestEnvelope>;
  /** Checks the sign and, when it holds and there is data, decrypts it. Never throws for a bad envelope. */
  open(envelope: ResponseEnvelope): Promise<OpenedResponse>;
}

/**
 * The browser's envelope cryptography, in a module worker, so crypto-js neither runs on nor loads with the
 * main thread's first screen. Where there is no worker (or it failed), the same code runs inline, loaded
 * on first need.
 */
export function createWorkerEnvelope({ aesKey, aesIv, signSecret }: Keys): EnvelopeOffload {
  const keys: Keys = { aesKey, aesIv, signSecret }; // only the keys cross to the worker with each message
  const rpc = workerRpc<{ id: number; result?: unknown; error?: string }>(startPageWorker, "page worker");
  const inline = async () => {
    const [{ jsCrypto }, envelope] = await Promise.all([import("./crypto-js.ts"), import("./envelope.ts")]);
    return { jsCrypto, envelope };
  };
  const ask = async <T>(message: CryptoWorkerJob, fallback: () => Promise<T>): Promise<T> => {
    const pending = rpc.ask(message);
    if (!pending) return fallback();
    try {
      return (await pending).result as T;
    } catch {
      return fallback();
    }
  };
  return {
    seal: (fields) =>
      ask({ op: "seal", fields, keys }, async () => {
        const { jsCrypto, envelope } = await inline();
        return envelope.sealRequest(fields, keys, jsCrypto);
      }),
    open: (env) =>
      ask({ op: "open", envelope: env, keys }, async () => {
        const { jsCrypto, envelope } = await inline();
        return envelope.openResponseText(env, keys, jsCrypto);
      }),
  };
}
