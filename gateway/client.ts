import type { GatewayConfig } from "./config.ts";
import { BATCH_PATH, CONTENT_TYPE, MAX_BATCH_CALLS } from "./config.ts";
import type { CryptoBackend } from "./crypto.ts";
import type { ResponseEnvelope, ResponsePayload } from "./envelope.ts";
import { encodeRequestBody, isResponseEnvelope, sealRequest, verifyResponse, type OpenedResponse } from "./envelope.ts";
import type { GatewayErrorKind } from "./errors.ts";
import { GatewayError, getErrorMessage } from "./errors.ts";
import type { Identity } from "./identity.ts";
import type { EnvelopeOffload } from "./worker-envelope.ts";

export const STATUS_OK = 200;
export const STATUS_CREATED = 251;
export const STATUS_SESSION_INVALID = 420;

export interface CallOptions {
  /** The payload status that means success: 200 unless the endpoint says otherwise (251). */
  expect?: number;
  /** No toast, and a failure resolves to undefined instead of rejecting. */
  silent?: boolean;
  /** No toast, a failure still rejects (or, for an outcome endpoint, is answered): the caller shows the message itself, e.g. on a form. */
  quiet?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Everything known about one call, success or not. `request` never throws. */
export interface CallOutcome<T = unknown> {
  ok: boolean;
  path: string;
  httpStatus: number;
  errcode?: number;
  status?: number;
  msg: string;
  data?: T;
  signValid?: boolean;
  error?: GatewayError;
  envelope?: ResponseEnvelope;
}

export interface SessionInvalidInfo {
  hasToken: boolean;
  message: string;
  path: string;
}

export interface GatewayClientOptions {
  config: Pick<GatewayConfig, "aesKey" | "aesIv" | "signSecret" | "timeoutMs" | "lines">;
  /** Seals and opens envelopes on this thread; needed unless `envelope` does that work. */
  crypto?: CryptoBackend;
  /** Seals and opens envelopes off the caller's thread (the browser's worker); takes precedence over `crypto`. */
  envelope?: EnvelopeOffload;
  /** Identity fields for each call, read fresh every time (the token may change). */
  identity: () => Identity;
  fetch?: typeof fetch;
  /** Shows a failure message to the user (toast). Not called for silent calls. */
  onError?: (message: string, outcome: CallOutcome) => void;
  /**
   * Shows a success message to the user (toast): the `msg` of a call to a `shown` endpoint, when it has one. Also
   * on quiet sends: quiet is about failures, which a form shows by its fields.
   */
  onSuccessMessage?: (message: string, outcome: CallOutcome) => void;
  /** Status 420: the app logs out (with a token) or asks the visitor to log in (without one). */
  onSessionInvalid?: (info: SessionInvalidInfo) => void;
  /**
   * Messages for calls that got no answer, in the user's language (the app's Chinese). Without them the
   * technical English (`Network Error: …`, `timeout exceeded`) is the message, as engineers want it.
   */
  transportMessages?: { network: string; timeout: string };
  /** After every call, silent ones included: false when no answer came (network error, timeout), true on any answer. */
  onReachability?: (reachable: boolean) => void;
}

/**
 * How a call settles on failure: `throw` toasts and rejects; `silent` neither toasts nor rejects (it resolves
 * undefined); `outcome` never throws (a purchase): it toasts and resolves with the whole CallOutcome.
 */
export type EndpointMode = "throw" | "silent" | "outcome";

/** A typed endpoint: the only way calls are described. */
export interface Endpoint<I, O, R> {
  path: string;
  /** The payload status that means success: 200, or 251 for the calls the product marks so. */
  expect: number;
  mode: EndpointMode;
  /** On success the answer's `msg` is shown to the user (`onSuccessMessage`). */
  shown: boolean;
  /**
   * The input fields typed as strings. Typed code needs no list; a caller with untyped text does (`gw call`
   * reads `phone=13800000000` as the string it is here, a number elsewhere).
   */
  strings: readonly string[];
  /** Phantom fields carrying the input, output and result types. */
  readonly __types?: { input: I; output: O; result: R };
}

/** The marks an endpoint constructor takes beside its path. */
export interface EndpointMarks {
  /** Success status; 200 when left out. */
  expect?: number;
  /** Show the success `msg` to the user. */
  shown?: boolean;
}

type Fields = Record<string, unknown>;

/** The names of the input's fields whose values are strings (a union of string literals included). */
export type StringField<I> = { [K in keyof I]-?: NonNullable<I[K]> extends string ? K : never }[keyof I] & string;

/**
 * An endpoint's marks, and when its input has string fields, all of them (`strings: { phone: true }`): the
 * compiler rejects a list that misses one or names another.
 */
type MarksOf<I> = [StringField<I>] extends [never] ? [marks?: EndpointMarks] : [marks: EndpointMarks & { strings: Record<StringField<I>, true> }];

const define = <I, O, R>(path: string, mode: EndpointMode, marks: EndpointMarks & { strings?: Record<string, true> } = {}): Endpoint<I, O, R> => ({
  path,
  expect: marks.expect ?? STATUS_OK,
  mode,
  shown: marks.shown ?? false,
  strings: Object.keys(marks.strings ?? {}),
});

/** A call that resolves with its data and rejects on failure. */
export function endpoint<I extends Fields | void, O>(path: string, ...[marks]: MarksOf<I>): Endpoint<I, O, O> {
  return define(path, "throw", marks);
}

/** A call that never toasts and resolves to undefined on failure (ad clicks, comment likes). */
export function silentEndpoint<I extends Fields | void, O>(path: string, ...[marks]: MarksOf<I>): Endpoint<I, O, O | undefined> {
  return define(path, "silent", marks);
}

/** A call that never throws: purchases. Failures are toasted and returned as an outcome. */
export function outcomeEndpoint<I extends Fields | void, O>(path: string, ...[marks]: MarksOf<I>): Endpoint<I, O, CallOutcome<O>> {
  return define(path, "outcome", marks);
}

/**
 * Why a fetch failed, where the runtime says: Node puts it in `cause` (`connect ECONNREFUSED 127.0.0.1:1`,
 * `getaddrinfo ENOTFOUND host`, a certificate error); an AggregateError (both addresses of localhost refused)
 * has it in its first error. Browsers say nothing more than "Failed to fetch".
 */
function fetchFailureCause(error: unknown): string {
  let cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof AggregateError && !cause.message) cause = cause.errors[0];
  return cause instanceof Error ? cause.message : "";
}

function classifyFetchError(error: unknown, timedOut: boolean, aborted: boolean): GatewayError {
  if (timedOut) return new GatewayError("timeout", "timeout exceeded");
  if (aborted) return new GatewayError("abort", "Request aborted");
  const cause = fetchFailureCause(error);
  return new GatewayError("network", `Network Error: ${getErrorMessage(error)}${cause ? ` (${cause})` : ""}`);
}

/** Checks a URL's protocol before anything is sent. */
export function assertHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GatewayError("unsupported-protocol", `Invalid URL: ${url}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new GatewayError("unsupported-protocol", `Unsupported protocol ${parsed.protocol}`);
  }
  return parsed;
}

/**
 * fetch with one timeout and an optional caller signal, telling a timeout from an abort.
 * Rejects with a GatewayError of kind network, timeout, abort or unsupported-protocol.
 */
export async function fetchWithTimeout(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  assertHttpUrl(url);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await doFetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    throw classifyFetchError(error, timedOut, Boolean(signal?.aborted));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** The success rule's last steps, on an opened payload: errcode, 420, the expected status. */
function judgePayload<T>(
  path: string,
  expect: number,
  payload: ResponsePayload<T>,
  base: Pick<CallOutcome, "httpStatus" | "errcode" | "signValid" | "envelope">,
): CallOutcome<T> {
  const withPayload = { ...base, status: payload.status, data: payload.data };
  const msg = typeof payload.msg === "string" && payload.msg ? payload.msg : `status ${payload.status}`;
  const fail = (kind: GatewayErrorKind): CallOutcome<T> => ({
    ok: false,
    path,
    msg,
    ...withPayload,
    error: new GatewayError(kind, msg, { path, httpStatus: base.httpStatus, errcode: base.errcode, status: payload.status, data: payload.data }),
  });
  if (base.errcode !== 0) return fail("errcode");
  if (payload.status === STATUS_SESSION_INVALID) return fail("session");
  if (payload.status !== expect) return fail("status");
  return { ok: true, path, msg: payload.msg ?? "", ...withPayload };
}

/** The one gateway client: envelopes, the success rule, errors, 420 handling and the base line. */
export class GatewayClient {
  baseLine: string;

  constructor(private readonly options: GatewayClientOptions) {
    this.baseLine = options.config.lines[0] ?? "";
  }

  get config() {
    return this.options.config;
  }

  /** Sends one call and reports everything about it; never throws, never toasts. */
  async request<T = unknown>(path: string, fields: Fields = {}, opts: CallOptions = {}): Promise<CallOutcome<T>> {
    const { config, envelope: offload } = this.options;
    const expect = opts.expect ?? STATUS_OK;
    const identity = this.options.identity();
    // Identity first, caller fields next; system_token last so a caller cannot spoof it.
    const plain = { ...identity, ...fields, system_token: identity.system_token };
    const body = encodeRequestBody(offload ? await offload.seal(plain) : sealRequest(plain, config, this.crypto()));
    const fail = (kind: GatewayErrorKind, msg: string, extra: Partial<CallOutcome<T>> = {}): CallOutcome<T> => ({
      ok: false,
      path,
      httpStatus: 0,
      msg,
      ...extra,
      error: new GatewayError(kind, msg, {
        path,
        httpStatus: extra.httpStatus,
        errcode: extra.errcode,
        status: extra.status,
        data: extra.data,
      }),
    });

    let response: Response;
    try {
      response = await fetchWithTimeout(
        this.options.fetch ?? globalThis.fetch,
        `${this.baseLine}${path}`,
        { method: "POST", headers: { "content-type": CONTENT_TYPE }, body },
        opts.timeoutMs ?? config.timeoutMs,
        opts.signal,
      );
    } catch (error) {
      let e = error as GatewayError;
      if (e.kind === "network" || e.kind === "timeout") {
        this.options.onReachability?.(false);
        const message = this.options.transportMessages?.[e.kind];
        if (message) e = new GatewayError(e.kind, message, { ...e.details, data: e.message });
      }
      return { ok: false, path, httpStatus: 0, msg: e.message, error: e };
    }
    this.options.onReachability?.(true);

    const httpStatus = response.status;
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return fail("malformed", `HTTP ${httpStatus}: response is not JSON`, { httpStatus });
    }
    if (!isResponseEnvelope(json)) {
      const msg = (json as { msg?: unknown })?.msg;
      return fail(httpStatus === 200 ? "malformed" : "http", typeof msg === "string" ? msg : `HTTP ${httpStatus}`, {
        httpStatus,
      });
    }
    const envelope = json;
    let opened: OpenedResponse | null = null;
    try {
      opened = offload ? await offload.open(envelope) : null;
    } catch {
      return fail("malformed", "响应数据无法解密", { httpStatus, errcode: envelope.errcode, envelope });
    }
    const signValid = opened ? opened.signValid : verifyResponse(envelope, config, this.crypto());
    const base = { httpStatus, errcode: envelope.errcode, signValid, envelope };
    // Envelope-level rejections (bad sign, stale timestamp) carry a plain msg beside the signed fields.
    const extra = (json as unknown as { msg?: unknown }).msg;
    const plainMsg = typeof extra === "string" ? extra : "";
    if (httpStatus !== 200) return fail("http", plainMsg || `HTTP ${httpStatus}`, base);
    if (!signValid) return fail("sign", "响应签名无效", base);
    if (!envelope.data) {
      return fail(
        envelope.errcode !== 0 ? "errcode" : "empty",
        envelope.errcode !== 0 ? plainMsg || `errcode ${envelope.errcode}` : "响应数据为空",
        base,
      );
    }

    let payload: ResponsePayload<T>;
    try {
      const text = opened ? (opened.text ?? "") : this.crypto().decrypt(envelope.data, config.aesKey, config.aesIv);
      payload = JSON.parse(text) as ResponsePayload<T>;
    } catch {
      return fail("malformed", "响应数据无法解密", base);
    }
    return judgePayload<T>(path, expect, payload, base);
  }

  /**
   * Several calls in one request (docs/protocol.md §3, batches). Each outcome is judged by the success rule as
   * if its call had been sent alone; when the batch itself gets no good answer, every call fails with that.
   * Never throws, never toasts.
   */
  async requestMany(calls: { path: string; fields?: Fields; expect?: number }[], opts: Omit<CallOptions, "expect"> = {}): Promise<CallOutcome[]> {
    if (calls.length > MAX_BATCH_CALLS) throw new RangeError(`at most ${MAX_BATCH_CALLS} calls in one batch`);
    const batch = await this.request<unknown[]>(BATCH_PATH, { calls: calls.map((c) => ({ path: c.path, data: c.fields ?? {} })) }, opts);
    return calls.map(({ path, expect }, i) => {
      if (!batch.ok) {
        const { kind, details } = batch.error!;
        return { ...batch, path, error: new GatewayError(kind, batch.msg, { ...details, path }) };
      }
      const payload = Array.isArray(batch.data) ? batch.data[i] : undefined;
      const base = { httpStatus: batch.httpStatus, errcode: batch.errcode, signValid: batch.signValid, envelope: batch.envelope };
      if (!payload || typeof payload !== "object" || typeof (payload as ResponsePayload).status !== "number") {
        const msg = "批量调用的应答缺少此调用";
        return { ok: false, path, msg, ...base, error: new GatewayError("malformed", msg, { path, httpStatus: base.httpStatus }) };
      }
      return judgePayload(path, expect ?? STATUS_OK, payload as ResponsePayload, base);
    });
  }

  private crypto(): CryptoBackend {
    if (!this.options.crypto) throw new Error("GatewayClient needs `crypto` or `envelope`");
    return this.options.crypto;
  }

  /** Runs the success rule: toasts (unless silent), handles 420, rejects (unless silent). */
  async call<T = unknown>(path: string, fields: Fields = {}, opts: CallOptions = {}): Promise<T | undefined> {
    const outcome = await this.request<T>(path, fields, opts);
    if (outcome.ok) return outcome.data as T;
    this.report(outcome, Boolean(opts.silent || opts.quiet));
    if (opts.silent) return undefined;
    throw outcome.error;
  }

  /** Calls a typed endpoint. */
  async send<I, O, R>(ep: Endpoint<I, O, R>, input: I, opts: Omit<CallOptions, "expect" | "silent"> = {}): Promise<R> {
    const outcome = await this.request<O>(ep.path, (input ?? {}) as Fields, { ...opts, expect: ep.expect });
    return this.settle(ep, outcome, opts);
  }

  /**
   * Calls several typed endpoints in one request. Each promise settles as `send` would have settled it: its
   * own toast, 420 handling, rejection or outcome.
   */
  sendMany(calls: readonly { ep: Endpoint<unknown, unknown, unknown>; input: unknown }[], opts: Omit<CallOptions, "expect" | "silent"> = {}): Promise<unknown>[] {
    const outcomes = this.requestMany(
      calls.map(({ ep, input }) => ({ path: ep.path, fields: (input ?? {}) as Fields, expect: ep.expect })),
      opts,
    );
    return calls.map(({ ep }, i) => outcomes.then((list) => this.settle(ep, list[i]!, opts)));
  }

  private settle<O, R>(ep: Endpoint<unknown, O, R>, outcome: CallOutcome<O>, opts: Pick<CallOptions, "quiet">): R {
    if (outcome.ok && ep.shown && outcome.msg) this.options.onSuccessMessage?.(outcome.msg, outcome);
    if (ep.mode === "outcome") {
      if (!outcome.ok) this.report(outcome, opts.quiet ?? false);
      return outcome as R;
    }
    if (outcome.ok) return outcome.data as R;
    const silent = ep.mode === "silent";
    this.report(outcome, silent || Boolean(opts.quiet));
    if (silent) return undefined as R;
    throw outcome.error;
  }

  private report(outcome: CallOutcome, silent: boolean) {
    if (outcome.status === STATUS_SESSION_INVALID) {
      const hasToken = Boolean(this.options.identity().system_token);
      this.options.onSessionInvalid?.({ hasToken, message: outcome.msg, path: outcome.path });
      return;
    }
    if (!silent) this.options.onError?.(outcome.msg, outcome);
  }
}
