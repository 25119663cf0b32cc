import type { GatewayConfig } from "./config.ts";
import { CLIENT_NAME } from "./config.ts";
import type { CryptoBackend } from "./crypto.ts";
import { isHex } from "./crypto.ts";

/** What a request envelope carries on the wire (form-urlencoded). */
export interface RequestEnvelope {
  client: string;
  sign: string;
  timestamp: string;
  data: string;
}

/** What a response envelope carries on the wire (JSON). */
export interface ResponseEnvelope {
  errcode: number;
  timestamp: number;
  data: string;
  sign: string;
}

/** The decrypted payload of a response. */
export interface ResponsePayload<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export type Keys = Pick<GatewayConfig, "aesKey" | "aesIv" | "signSecret">;

export class EnvelopeError extends Error {
  constructor(
    message: string,
    public readonly code: "malformed" | "sign" | "decrypt" | "stale",
  ) {
    super(message);
    this.name = "EnvelopeError";
  }
}

const SIGNED_KEYS = ["client", "data", "errcode", "timestamp"] as const;

/**
 * The canonical string: `key=value` pairs of whichever of client, data, errcode and timestamp
 * are present, in alphabetical order, joined by `&`.
 */
export function canonicalString(fields: Partial<Record<(typeof SIGNED_KEYS)[number], string | number>>): string {
  return SIGNED_KEYS.filter((k) => fields[k] !== undefined)
    .map((k) => `${k}=${fields[k]}`)
    .join("&");
}

/** sign = md5(sha256(canonical + secret)), both lower-case hex. */
export function computeSign(
  fields: Partial<Record<(typeof SIGNED_KEYS)[number], string | number>>,
  secret: string,
  crypto: CryptoBackend,
): string {
  return crypto.md5Hex(crypto.sha256Hex(canonicalString(fields) + secret));
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Encrypts and signs request fields into a wire envelope. */
export function sealRequest(
  fields: Record<string, unknown>,
  keys: Keys,
  crypto: CryptoBackend,
  timestamp: number = nowSeconds(),
): RequestEnvelope {
  const data = crypto.encrypt(JSON.stringify(fields), keys.aesKey, keys.aesIv);
  const ts = String(timestamp);
  const sign = computeSign({ client: CLIENT_NAME, data, timestamp: ts }, keys.signSecret, crypto);
  return { client: CLIENT_NAME, sign, timestamp: ts, data };
}

/** The form body, in the field order the protocol names. */
export function encodeRequestBody(env: RequestEnvelope): string {
  return new URLSearchParams([
    ["client", env.client],
    ["sign", env.sign],
    ["timestamp", env.timestamp],
    ["data", env.data],
  ]).toString();
}

export function parseRequestBody(body: string): RequestEnvelope {
  const params = new URLSearchParams(body);
  const env = {
    client: params.get("client") ?? "",
    sign: params.get("sign") ?? "",
    timestamp: params.get("timestamp") ?? "",
    data: params.get("data") ?? "",
  };
  const missing = (Object.keys(env) as (keyof RequestEnvelope)[]).filter((k) => !env[k]);
  if (missing.length) throw new EnvelopeError(`malformed envelope: missing ${missing.join(", ")}`, "malformed");
  return env;
}

export interface OpenOptions {
  /** Reject timestamps further than this from now (seconds). */
  maxSkewSeconds?: number;
  now?: number;
}

/** Verifies and decrypts a request envelope; throws EnvelopeError with a clear reason. */
export function openRequest(
  env: RequestEnvelope,
  keys: Keys,
  crypto: CryptoBackend,
  opts: OpenOptions = {},
): Record<string, unknown> {
  if (!/^\d{1,12}$/.test(env.timestamp)) throw new EnvelopeError("malformed envelope: timestamp is not a number", "malformed");
  if (!isHex(env.data)) throw new EnvelopeError("malformed envelope: data is not hex", "malformed");
  const expected = computeSign({ client: env.client, data: env.data, timestamp: env.timestamp }, keys.signSecret, crypto);
  if (expected !== env.sign.toLowerCase()) throw new EnvelopeError("bad sign", "sign");
  if (opts.maxSkewSeconds !== undefined) {
    const now = opts.now ?? nowSeconds();
    if (Math.abs(now - Number(env.timestamp)) > opts.maxSkewSeconds) {
      throw new EnvelopeError("timestamp out of range", "stale");
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(crypto.decrypt(env.data, keys.aesKey, keys.aesIv));
  } catch {
    throw new EnvelopeError("data does not decrypt to JSON", "decrypt");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new EnvelopeError("data is not a JSON object", "decrypt");
  }
  return parsed as Record<string, unknown>;
}

/** Encrypts and signs a response payload. An errcode other than 0 may carry empty data. */
export function sealResponse(
  payload: ResponsePayload | null,
  keys: Keys,
  crypto: CryptoBackend,
  errcode = 0,
  timestamp: number = nowSeconds(),
): ResponseEnvelope {
  return sealResponseText(payload === null ? "" : JSON.stringify(payload), keys, crypto, errcode, timestamp);
}

/** `sealResponse` for a payload already in JSON text (a gateway assembling a batch's answer); "" for none. */
export function sealResponseText(text: string, keys: Keys, crypto: CryptoBackend, errcode = 0, timestamp: number = nowSeconds()): ResponseEnvelope {
  const data = text ? crypto.encrypt(text, keys.aesKey, keys.aesIv) : "";
  const sign = computeSign({ data, errcode, timestamp }, keys.signSecret, crypto);
  return { errcode, timestamp, data, sign };
}

export function isResponseEnvelope(value: unknown): value is ResponseEnvelope {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return "errcode" in v && "data" in v && "sign" in v && "timestamp" in v;
}

export function verifyResponse(env: ResponseEnvelope, keys: Keys, crypto: CryptoBackend): boolean {
  const expected = computeSign(
    { data: env.data, errcode: env.errcode, timestamp: env.timestamp },
    keys.signSecret,
    crypto,
  );
  return expected === String(env.sign).toLowerCase();
}

/** A response checked and, when its sign holds and it has data, decrypted (not yet parsed). */
export interface OpenedResponse {
  signValid: boolean;
  text?: string;
}

/** Checks the sign and decrypts the data when it holds; throws when the data does not decrypt. */
export function openResponseText(env: ResponseEnvelope, keys: Keys, crypto: CryptoBackend): OpenedResponse {
  const signValid = verifyResponse(env, keys, crypto);
  return signValid && env.data ? { signValid, text: crypto.decrypt(env.data, keys.aesKey, keys.aesIv) } : { signValid };
}

/** Decrypts a response's data (no sign check; see `verifyResponse`). */
export function openResponse<T = unknown>(env: ResponseEnvelope, keys: Keys, crypto: CryptoBackend): ResponsePayload<T> {
  if (!env.data) throw new EnvelopeError("response data is empty", "malformed");
  let parsed: unknown;
  try {
    parsed = JSON.parse(crypto.decrypt(env.data, keys.aesKey, keys.aesIv));
  } catch {
    throw new EnvelopeError("response data does not decrypt to JSON", "decrypt");
  }
  return parsed as ResponsePayload<T>;
}
