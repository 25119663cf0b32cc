import { readFileSync } from "node:fs";
import type { Keys, ResponseEnvelope } from "#gateway/envelope.ts";
import { EnvelopeError, isResponseEnvelope, openRequest, openResponse, parseRequestBody, verifyResponse } from "#gateway/envelope.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { withKeyHint } from "./output.ts";
import { inputFile } from "./uploads.ts";

/** A capture's text: a file, or stdin for `-`. */
export async function readInput(file: string): Promise<string> {
  if (file !== "-") return readFileSync(inputFile(file), "utf8");
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

export interface DecodedRequest {
  signValid: boolean;
  timestamp: string;
  fields?: Record<string, unknown>;
  error?: string;
}

export interface DecodedResponse {
  signValid: boolean;
  errcode: number;
  payload?: unknown;
  msg?: string;
  error?: string;
}

export interface DecodedCall {
  method?: string;
  path?: string;
  httpStatus?: number;
  request?: DecodedRequest;
  response?: DecodedResponse;
}

export function decodeRequestBody(body: string, keys: Keys): DecodedRequest | undefined {
  let env;
  try {
    env = parseRequestBody(body);
  } catch {
    return undefined;
  }
  try {
    return { signValid: true, timestamp: env.timestamp, fields: openRequest(env, keys, nodeCrypto) };
  } catch (error) {
    // Decrypt anyway: a capture with a bad sign is exactly what one wants to look at. The sign is checked on
    // its own, so wrong AES keys do not read as a bad sign.
    let fields: Record<string, unknown> | undefined;
    try {
      fields = JSON.parse(nodeCrypto.decrypt(env.data, keys.aesKey, keys.aesIv)) as Record<string, unknown>;
    } catch {
      /* not decryptable with these keys */
    }
    // openRequest checks the sign before it decrypts: a failure after it (wrong AES keys) leaves the sign valid.
    const signValid = error instanceof EnvelopeError && (error.code === "decrypt" || error.code === "stale");
    return { signValid, timestamp: env.timestamp, fields, error: withKeyHint(getErrorMessage(error)) };
  }
}

export function decodeResponseEnvelope(env: ResponseEnvelope, keys: Keys): DecodedResponse {
  const signValid = verifyResponse(env, keys, nodeCrypto);
  const plainMsg = (env as unknown as { msg?: string }).msg;
  if (!env.data) return { signValid, errcode: env.errcode, msg: plainMsg };
  try {
    return { signValid, errcode: env.errcode, payload: openResponse(env, keys, nodeCrypto) };
  } catch (error) {
    return { signValid, errcode: env.errcode, error: withKeyHint(getErrorMessage(error)) };
  }
}

interface HarEntry {
  request?: { method?: string; url?: string; postData?: { text?: string; params?: { name: string; value: string }[] } };
  response?: { status?: number; content?: { text?: string; encoding?: string } };
}

// Browsers export form params percent-encoded, but a value such as `100%` is not: keep what does not decode.
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function harRequestText(entry: HarEntry): string | undefined {
  const post = entry.request?.postData;
  if (post?.text) return post.text;
  if (post?.params?.length) return new URLSearchParams(post.params.map((p) => [String(p.name), safeDecode(String(p.value))])).toString();
  return undefined;
}

function harResponseJson(entry: HarEntry): unknown {
  const content = entry.response?.content;
  if (!content?.text) return undefined;
  const text = content.encoding === "base64" ? Buffer.from(content.text, "base64").toString("utf8") : content.text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type Capture =
  | { kind: "request"; call: DecodedCall }
  | { kind: "response"; call: DecodedCall }
  | { kind: "har"; calls: DecodedCall[]; skipped: number };

/** Recognises a request body, a response JSON or a HAR file and decrypts every gateway call in it. */
export function decodeCapture(text: string, keys: Keys): Capture {
  const trimmed = text.trim();
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    const request = decodeRequestBody(trimmed, keys);
    if (request) return { kind: "request", call: { request } };
    throw new Error("input is neither a request body (client=…&sign=…&timestamp=…&data=…), a response JSON, nor a HAR file");
  }
  if (isResponseEnvelope(json)) return { kind: "response", call: { response: decodeResponseEnvelope(json, keys) } };
  const entries = (json as { log?: { entries?: HarEntry[] } })?.log?.entries;
  if (!Array.isArray(entries)) throw new Error("JSON input is neither a response envelope nor a HAR file (no log.entries)");
  const calls: DecodedCall[] = [];
  let skipped = 0;
  for (const entry of entries as unknown[]) {
    // A HAR holds everything the page loaded; whatever is not a gateway call (or not an entry) is skipped.
    if (!entry || typeof entry !== "object") {
      skipped++;
      continue;
    }
    const body = harRequestText(entry as HarEntry);
    const request = body ? decodeRequestBody(body, keys) : undefined;
    const resJson = harResponseJson(entry as HarEntry);
    const response = isResponseEnvelope(resJson) ? decodeResponseEnvelope(resJson, keys) : undefined;
    if (!request && !response) {
      skipped++;
      continue;
    }
    const { request: req, response: res } = entry as HarEntry;
    let path = req?.url;
    try {
      path = path ? new URL(path).pathname : path;
    } catch {
      /* keep the raw url */
    }
    calls.push({ method: req?.method, path, httpStatus: res?.status, request, response });
  }
  return { kind: "har", calls, skipped };
}
