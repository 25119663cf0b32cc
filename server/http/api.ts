import type { Context } from "hono";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { BATCH_PATH, MAX_BATCH_CALLS } from "#gateway/config.ts";
import { computeSign, EnvelopeError, nowSeconds, openRequest, parseRequestBody, sealResponse, sealResponseText } from "#gateway/envelope.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { OAUTH_ID_RE } from "#gateway/identity.ts";
import { resolveSession } from "#server/accounts/sessions.ts";
import { guestForOAuthId, userById } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import type { ServerSettings } from "#server/env.ts";
import { answerOnce, fieldsHashOf, requestIdOf } from "#server/wallet/idempotency.ts";
import { BodyTooLargeError, readBody } from "./body.ts";
import { ApiError, type Caller, describeIssues, type Handler, type HandlerResult, parseInput, type Registry } from "./registry.ts";

export const MAX_SKEW_SECONDS = 300;
export const MAX_API_BODY_BYTES = 1024 * 1024;

export const ERRCODE = { malformed: 1001, sign: 1002, stale: 1003, tooLarge: 1004, notFound: 404, internal: 500 } as const;

export function originOf(c: Context, settings: ServerSettings): string {
  // Forwarded headers only from a trusted proxy: anyone else could make the answers' links point elsewhere.
  const forwarded = (name: string) => (settings.trustProxy ? c.req.header(name)?.split(",")[0]?.trim() || undefined : undefined);
  // HTTP/2 has no Host header: its :authority is in the request URL.
  const host = forwarded("x-forwarded-host") ?? c.req.header("host") ?? new URL(c.req.url).host;
  const proto = forwarded("x-forwarded-proto") ?? (c.req.url.startsWith("https:") ? "https" : "http");
  return `${proto}://${host}`;
}

/**
 * The client's address (see `HandlerContext.address`). IPv4 clients of a dual-stack socket lose their `::ffff:`
 * prefix, so one client has one spelling.
 */
export function addressOf(c: Context, settings: ServerSettings): string {
  const forwarded = settings.trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  const address = forwarded || ((c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? "");
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").slice(0, 64);
}

export interface ApiDeps {
  db: DB;
  settings: ServerSettings;
  registry: Registry;
  log: (level: "error" | "info", message: string) => void;
  /** Encrypted payloads of cacheable calls, per gateway instance (see `Handler.cacheMs`). */
  answers: Map<string, CachedAnswer>;
}

const GZIP_MIN_BYTES = 1024;

/**
 * JSON, gzipped when the client accepts it. NOTE: done here with zlib rather than by hono/compress,
 * whose per-request cost halves the gateway's throughput even for uncompressed answers.
 */
export function sendJson(c: Context, value: unknown, status: 200 | 400 | 401 | 404 | 413 | 500 = 200) {
  return sendJsonText(c, JSON.stringify(value), status);
}

function sendJsonText(c: Context, text: string, status: 200 | 400 | 401 | 404 | 413 | 500 = 200) {
  if (text.length >= GZIP_MIN_BYTES && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
    return c.body(new Uint8Array(gzipSync(text)), status, { "content-type": "application/json; charset=UTF-8", "content-encoding": "gzip", vary: "Accept-Encoding" });
  }
  return c.body(text, status, { "content-type": "application/json; charset=UTF-8", vary: "Accept-Encoding" });
}

/** A signed rejection with empty data and a plain msg (see docs/protocol.md §3). */
export function reject(c: Context, deps: ApiDeps, http: 400 | 401 | 404 | 413 | 500, errcode: number, msg: string) {
  const env = sealResponse(null, deps.settings.gateway, nodeCrypto, errcode);
  return sendJson(c, { ...env, msg }, http);
}

/** A sealed answer to a payload already in JSON text. */
function answerText(c: Context, deps: ApiDeps, text: string) {
  return sendJson(c, sealResponseText(text, deps.settings.gateway, nodeCrypto));
}

// NOTE: AES-CFB with a fixed IV is deterministic, so a cached `data` stays valid; only the sign carries the
// timestamp, and it is reused within the same second.
const MAX_CACHED_ANSWERS = 1000;

export interface CachedAnswer {
  /** The payload as JSON text (a batch puts it in its own), and the same encrypted. */
  text: string;
  data: string;
  expires: number;
  signedAt?: number;
  sign?: string;
}

function answerCached(c: Context, deps: ApiDeps, cached: CachedAnswer) {
  const timestamp = nowSeconds();
  if (cached.signedAt !== timestamp) {
    cached.sign = computeSign({ data: cached.data, errcode: 0, timestamp }, deps.settings.gateway.signSecret, nodeCrypto);
    cached.signedAt = timestamp;
  }
  // data and sign are hex: the JSON is assembled without scanning them for escapes.
  return sendJsonText(c, `{"errcode":0,"timestamp":${timestamp},"data":"${cached.data}","sign":"${cached.sign}"}`);
}

async function resolveCaller(deps: ApiDeps, fields: Record<string, unknown>): Promise<Caller | ApiError> {
  const token = typeof fields.system_token === "string" ? fields.system_token : "";
  const oauthId = typeof fields.system_oauth_id === "string" ? fields.system_oauth_id : "";
  if (token) {
    const userId = await resolveSession(deps.db, token);
    const user = userId === null ? undefined : await userById(deps.db, userId);
    // A dead token is never downgraded to a guest: the client must learn it and log out.
    if (!user) return new ApiError(420, "登录已失效，请重新登录");
    return { user, token, isMember: Boolean(user.phone), oauthId };
  }
  if (!OAUTH_ID_RE.test(oauthId)) return new ApiError(400, "缺少或无效的设备标识 system_oauth_id");
  return { user: await guestForOAuthId(deps.db, oauthId), token: "", isMember: false, oauthId };
}

/** Opens the envelope, runs the handler for `path`, seals the answer. Never throws. */
export async function handleApiCall(c: Context, deps: ApiDeps, path: string) {
  const handler = isBatchPath(path) ? undefined : deps.registry.find(path);
  if (!handler && !isBatchPath(path)) return reject(c, deps, 404, ERRCODE.notFound, `not found: ${path}`);

  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_API_BODY_BYTES) return reject(c, deps, 413, ERRCODE.tooLarge, `body too large: limit ${MAX_API_BODY_BYTES} bytes`);
  let body: string;
  try {
    body = new TextDecoder("utf-8", { fatal: true }).decode(await readBody(c, MAX_API_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return reject(c, deps, 413, ERRCODE.tooLarge, `body too large: limit ${MAX_API_BODY_BYTES} bytes`);
    return reject(c, deps, 400, ERRCODE.malformed, "malformed envelope: body is not UTF-8 text");
  }

  let fields: Record<string, unknown>;
  try {
    fields = openRequest(parseRequestBody(body), deps.settings.gateway, nodeCrypto, { maxSkewSeconds: MAX_SKEW_SECONDS });
  } catch (error) {
    if (error instanceof EnvelopeError) {
      if (error.code === "sign") return reject(c, deps, 401, ERRCODE.sign, "bad sign");
      if (error.code === "stale") return reject(c, deps, 401, ERRCODE.stale, `timestamp more than ${MAX_SKEW_SECONDS} s off the server clock`);
      return reject(c, deps, 400, ERRCODE.malformed, error.message);
    }
    throw error;
  }

  try {
    if (!handler) return answerText(c, deps, await runBatch(c, deps, fields));
    const ran = await runCall(c, deps, handler, fields);
    return ran.cached ? answerCached(c, deps, ran.cached) : answerText(c, deps, ran.text);
  } catch (error) {
    deps.log("error", `${path}: ${describeFault(error)}`);
    return reject(c, deps, 500, ERRCODE.internal, "internal error");
  }
}

/** Paths match case-insensitively, the batch's too. */
const isBatchPath = (path: string) => path.toLowerCase() === BATCH_PATH.toLowerCase();

const isPromise = (value: unknown) => typeof (value as { then?: unknown } | null)?.then === "function";

const describeFault = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

const payloadText = (status: number, msg: string, data: unknown = null) => JSON.stringify({ status, msg, data });

/**
 * Runs one call's handler on opened fields: the caller, the input, the cache. Answers the payload as JSON
 * text, with its cache entry when the handler's answers are cached. Throws only on a server fault.
 */
async function runCall(c: Context, deps: ApiDeps, handler: Handler, fields: Record<string, unknown>): Promise<{ text: string; cached?: CachedAnswer }> {
  try {
    // A token is always checked (a dead one must answer 420); a guest account is only looked up when the answer
    // does not come from the cache.
    const token = typeof fields.system_token === "string" ? fields.system_token : "";
    let resolved: Caller | undefined;
    const callerOf = async () => {
      if (!resolved) {
        const caller = await resolveCaller(deps, fields);
        if (caller instanceof ApiError) throw caller;
        resolved = caller;
      }
      return resolved;
    };
    if (token || handler.auth === "member") await callerOf();
    if (handler.auth === "member" && !(await callerOf()).isMember) return { text: payloadText(420, "请先登录") };
    const parsed = parseInput(handler.input, fields);
    if (!parsed.success) return { text: payloadText(400, describeIssues(parsed.error)) };
    const origin = originOf(c, deps.settings);
    const cacheKey = handler.cacheMs ? `${handler.path.toLowerCase()} ${origin} ${JSON.stringify(parsed.data)}` : "";
    const hit = cacheKey ? deps.answers.get(cacheKey) : undefined;
    if (hit && hit.expires > Date.now()) return { text: hit.text, cached: hit };
    const ctx = {
      input: parsed.data,
      caller: await callerOf(),
      db: deps.db,
      settings: deps.settings,
      origin,
      address: addressOf(c, deps.settings),
    };
    const run = async (db: DB) => {
      const result = (await handler.handle({ ...ctx, db })) as HandlerResult | undefined;
      if (isPromise(result?.data)) throw new Error(`${handler.path} answered a promise as its data (a missing await)`);
      return payloadText(result?.status ?? handler.status, result?.msg ?? "ok", result?.data ?? null);
    };
    // A write done once per request_id answers a repeat (another line's, after a failover) with its first answer,
    // and refuses one whose fields differ.
    const requestId = handler.endpoint.repeat === "request_id" ? requestIdOf(fields) : "";
    const text = requestId ? await answerOnce(deps.db, ctx.caller, handler.path, requestId, fieldsHashOf(parsed.data), run) : await run(deps.db);
    if (!cacheKey) return { text };
    const data = nodeCrypto.encrypt(text, deps.settings.gateway.aesKey, deps.settings.gateway.aesIv);
    if (deps.answers.size >= MAX_CACHED_ANSWERS) deps.answers.delete(deps.answers.keys().next().value!);
    const fresh: CachedAnswer = { text, data, expires: Date.now() + handler.cacheMs! };
    deps.answers.set(cacheKey, fresh);
    return { text, cached: fresh };
  } catch (error) {
    if (error instanceof ApiError) return { text: payloadText(error.status, error.message) };
    throw error;
  }
}

const batchInput = z.object({
  calls: z
    .array(
      z.object({
        path: z.string({ error: "path 应为调用路径" }).min(1, "path 应为调用路径").max(200, "path 应为调用路径"),
        data: z.record(z.string(), z.unknown(), { error: "data 应为对象" }).optional(),
      }),
      { error: "calls 应为调用列表" },
    )
    .min(1, "calls 应为调用列表")
    .max(MAX_BATCH_CALLS, `一次最多 ${MAX_BATCH_CALLS} 个调用`),
});

/**
 * Several calls in one envelope (docs/protocol.md §3, batches): each runs as if it had come alone, with the
 * batch's identity fields, one after another, and answers its own payload in its place.
 */
async function runBatch(c: Context, deps: ApiDeps, fields: Record<string, unknown>): Promise<string> {
  const parsed = parseInput(batchInput, fields);
  if (!parsed.success) return payloadText(400, describeIssues(parsed.error));
  // The batch's identity replaces whatever a call's own data says about who is calling.
  const identity = Object.fromEntries(Object.entries(fields).filter(([key]) => key.startsWith("system_")));
  const answers: string[] = [];
  for (const call of parsed.data.calls) {
    if (isBatchPath(call.path)) {
      answers.push(payloadText(400, "批量调用不能嵌套"));
      continue;
    }
    const handler = deps.registry.find(call.path);
    if (!handler) {
      answers.push(payloadText(404, `not found: ${call.path}`));
      continue;
    }
    try {
      answers.push((await runCall(c, deps, handler, { ...call.data, ...identity })).text);
    } catch (error) {
      // One call's fault is its own answer; the others stand.
      deps.log("error", `${BATCH_PATH} ${call.path}: ${describeFault(error)}`);
      answers.push(payloadText(500, "internal error"));
    }
  }
  return `{"status":200,"msg":"ok","data":[${answers.join(",")}]}`;
}
