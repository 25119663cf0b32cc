import type { Context } from "hono";
import type { ResponsePayload } from "#gateway/envelope.ts";
import { EnvelopeError, openRequest, parseRequestBody, sealResponse } from "#gateway/envelope.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { OAUTH_ID_RE } from "#gateway/identity.ts";
import { resolveSession } from "../accounts/sessions.ts";
import { guestForOAuthId, userById } from "../accounts/users.ts";
import type { DB } from "../db/index.ts";
import type { ServerSettings } from "../env.ts";
import { ApiError, type Caller, describeIssues, type HandlerResult, type Registry } from "./registry.ts";

export const MAX_SKEW_SECONDS = 300;
export const MAX_API_BODY_BYTES = 1024 * 1024;

export const ERRCODE = { malformed: 1001, sign: 1002, stale: 1003, tooLarge: 1004, notFound: 404, internal: 500 } as const;

export function originOf(c: Context): string {
  const host = c.req.header("x-forwarded-host") ?? c.req.header("host") ?? "localhost";
  const proto = c.req.header("x-forwarded-proto") ?? new URL(c.req.url).protocol.replace(":", "");
  return `${proto}://${host}`;
}

export interface ApiDeps {
  db: DB;
  settings: ServerSettings;
  registry: Registry;
  log: (level: "error" | "info", message: string) => void;
}

/** A signed rejection with empty data and a plain msg (see docs/protocol.md §3). */
export function reject(c: Context, deps: ApiDeps, http: 400 | 401 | 404 | 413 | 500, errcode: number, msg: string) {
  const env = sealResponse(null, deps.settings.gateway, nodeCrypto, errcode);
  return c.json({ ...env, msg }, http);
}

function answer(c: Context, deps: ApiDeps, payload: ResponsePayload) {
  return c.json(sealResponse(payload, deps.settings.gateway, nodeCrypto));
}

function resolveCaller(deps: ApiDeps, fields: Record<string, unknown>): Caller | ApiError {
  const token = typeof fields.system_token === "string" ? fields.system_token : "";
  const oauthId = typeof fields.system_oauth_id === "string" ? fields.system_oauth_id : "";
  if (token) {
    const userId = resolveSession(deps.db, token);
    const user = userId === null ? undefined : userById(deps.db, userId);
    // A dead token is never downgraded to a guest: the client must learn it and log out.
    if (!user) return new ApiError(420, "登录已失效，请重新登录");
    return { user, token, isMember: Boolean(user.phone), oauthId };
  }
  if (!OAUTH_ID_RE.test(oauthId)) return new ApiError(400, "缺少或无效的设备标识 system_oauth_id");
  return { user: guestForOAuthId(deps.db, oauthId), token: "", isMember: false, oauthId };
}

/** Opens the envelope, runs the handler for `path`, seals the answer. Never throws. */
export async function handleApiCall(c: Context, deps: ApiDeps, path: string) {
  const handler = deps.registry.find(path);
  if (!handler) return reject(c, deps, 404, ERRCODE.notFound, `not found: ${path}`);

  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_API_BODY_BYTES) return reject(c, deps, 413, ERRCODE.tooLarge, `body too large: limit ${MAX_API_BODY_BYTES} bytes`);
  let body: string;
  try {
    const buf = await c.req.arrayBuffer();
    if (buf.byteLength > MAX_API_BODY_BYTES) return reject(c, deps, 413, ERRCODE.tooLarge, `body too large: limit ${MAX_API_BODY_BYTES} bytes`);
    body = new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
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
    const caller = resolveCaller(deps, fields);
    if (caller instanceof ApiError) return answer(c, deps, { status: caller.status, msg: caller.message, data: null });
    if (handler.auth === "member" && !caller.isMember) return answer(c, deps, { status: 420, msg: "请先登录", data: null });
    const parsed = handler.input.safeParse(fields);
    if (!parsed.success) return answer(c, deps, { status: 400, msg: describeIssues(parsed.error), data: null });
    const result = (await handler.handle({ input: parsed.data, caller, db: deps.db, settings: deps.settings, origin: originOf(c) })) as
      | HandlerResult
      | undefined;
    return answer(c, deps, { status: result?.status ?? 200, msg: result?.msg ?? "ok", data: result?.data ?? null });
  } catch (error) {
    if (error instanceof ApiError) return answer(c, deps, { status: error.status, msg: error.message, data: null });
    deps.log("error", `${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return reject(c, deps, 500, ERRCODE.internal, "internal error");
  }
}
