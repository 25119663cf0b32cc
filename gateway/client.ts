import type { GatewayConfig } from "./config.ts";
import { BATCH_PATH, CONTENT_TYPE, MAX_BATCH_CALLS } from "./config.ts";
import type { CryptoBackend } from "./crypto.ts";
import type { ResponseEnvelope, ResponsePayload } from "./envelope.ts";
import { encodeRequestBody, isResponseEnvelope, sealRequest, verifyResponse, type OpenedResponse } from "./envelope.ts";
import type { GatewayErrorKind } from "./errors.ts";
import { GatewayError, getErrorMessage } from "./errors.ts";
import type { Identity } from "./identity.ts";
import { fetchWithTimeout } from "./fetch.ts";
import { LineSwitch, type LineSwitchReason } from "./lines.ts";
import type { EnvelopeOffload } from "./worker-envelope.ts";

export { assertHttpUrl, fetchWithTimeout } from "./fetch.ts";

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
  /**
   * Whether the call may be sent again on another line when its line gives no answer (the endpoint's `repeat`).
   * Left out: only when the fields carry a `request_id`.
   */
  repeat?: Repeat;
}

/**
 * Whether a call may be sent twice (docs/protocol.md §5, failover): `safe`, a read or a write that changes
 * nothing the second time; `request_id`, a write the gateway does once per `request_id` (the client adds one);
 * `never`, a write that a repeat would do again (a toggle, a counter).
 */
export type Repeat = "safe" | "request_id" | "never";

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
  transportMessages?: { network: string; timeout: string; switched?: string };
  /**
   * The base line failed and the client moved to `to` (\`failover\`), or a line ahead of it answers again
   * (\`recovered\`). The CLI says so on stderr.
   */
  onLineSwitch?: (from: string, to: string, reason: LineSwitchReason) => void;
  /** How long a failed line rests before it is pinged again (default `LINE_RECHECK_MS`, decision 035). */
  lineRecheckMs?: number;
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
  /** Whether the call may be sent twice, on another line after its own failed (`Repeat`). */
  repeat: Repeat;
  /** Phantom fields carrying the input, output and result types. */
  readonly __types?: { input: I; output: O; result: R };
}

/** The marks an endpoint constructor takes beside its path. */
export interface EndpointMarks {
  /** Success status; 200 when left out. */
  expect?: number;
  /** Show the success `msg` to the user. */
  shown?: boolean;
  /** A write: `request_id` when the gateway does it once per `request_id`, `never` when a repeat does it again. Left out: a read. */
  repeat?: Exclude<Repeat, "safe">;
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
  repeat: marks.repeat ?? "safe",
});

/** A call that resolves with its data and rejects on failure. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<I extends Fields | void, O>(path: string, ...[marks]: MarksOf<I>): Endpoint<I, O, O> {
  return define(path, "throw", marks);
}

/** A call that never toasts and resolves to undefined on failure (ad clicks, comment likes). */
/* @__NO_SIDE_EFFECTS__ */
export function silentEndpoint<I extends Fields | void, O>(path: string, ...[marks]: MarksOf<I>): Endpoint<I, O, O | undefined> {
  return define(path, "silent", marks);
}

/** A call that never throws: purchases. Failures are toasted and returned as an outcome. */
/* @__NO_SIDE_EFFECTS__ */
export function outcomeEndpoint<I extends Fields | void, O>(path: string, ...[marks]: MarksOf<I>): Endpoint<I, O, CallOutcome<O>> {
  return define(path, "outcome", marks);
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

/** A request id for a write the gateway does once per id: random, 32 hex digits. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** An endpoint's fields as sent: a write done once per `request_id` gets one when the caller gave none. */
function fieldsOf(ep: Endpoint<unknown, unknown, unknown>, input: unknown): Fields {
  const fields = (input ?? {}) as Fields;
  return ep.repeat === "request_id" && !fields.request_id ? { ...fields, request_id: newRequestId() } : fields;
}

const isTransportFailure = (e: GatewayError) => e.kind === "network" || e.kind === "timeout";

/** The one gateway client: envelopes, the success rule, errors, 420 handling and the base line (with failover). */
export class GatewayClient {
  /** The base line and the move to another when it fails. */
  readonly lines: LineSwitch;

  constructor(private readonly options: GatewayClientOptions) {
    this.lines = new LineSwitch(options.config.lines, {
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.lineRecheckMs ? { recheckMs: options.lineRecheckMs } : {}),
      onSwitch: (from, to, reason) => options.onLineSwitch?.(from, to, reason),
    });
  }

  /** The line calls go to. */
  get baseLine(): string {
    return this.lines.base;
  }

  set baseLine(line: string) {
    this.lines.base = line;
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

    const post = (line: string) =>
      fetchWithTimeout(
        this.options.fetch ?? globalThis.fetch,
        `${line}${path}`,
        { method: "POST", headers: { "content-type": CONTENT_TYPE }, body },
        opts.timeoutMs ?? config.timeoutMs,
        opts.signal,
      );
    let response: Response | undefined;
    const line = await this.lines.current();
    try {
      response = await post(line);
    } catch (error) {
      let e = error as GatewayError;
      // Failover (docs/protocol.md §5): no answer from the base line; move to the first other line to answer a
      // ping and send the call there once, when it is safe to repeat.
      const next = isTransportFailure(e) && config.lines.length > 1 ? await this.lines.failedOn(line) : undefined;
      if (next && next !== line) {
        const repeat = opts.repeat ?? (typeof fields.request_id === "string" && fields.request_id ? "request_id" : "never");
        if (repeat === "never") {
          const message = this.options.transportMessages?.switched ?? `the line changed to ${next}; this call was not sent again there, try it again`;
          e = new GatewayError("switched", message, { path, data: e.message });
        } else {
          try {
            response = await post(next);
          } catch (again) {
            e = again as GatewayError;
          }
        }
      }
      if (!response) {
        // A switch means another line answered: the member is online.
        if (e.kind === "switched") this.options.onReachability?.(true);
        if (isTransportFailure(e)) {
          this.options.onReachability?.(false);
          const message = this.options.transportMessages?.[e.kind as "network" | "timeout"];
          if (message) e = new GatewayError(e.kind, message, { ...e.details, data: e.message });
        }
        return { ok: false, path, httpStatus: 0, msg: e.message, error: e };
      }
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
  async requestMany(calls: { path: string; fields?: Fields; expect?: number; repeat?: Repeat }[], opts: Omit<CallOptions, "expect" | "repeat"> = {}): Promise<CallOutcome[]> {
    if (calls.length > MAX_BATCH_CALLS) throw new RangeError(`at most ${MAX_BATCH_CALLS} calls in one batch`);
    // A batch may be sent again when every call in it may.
    const repeat = calls.some((c) => (c.repeat ?? "never") === "never") ? "never" : "safe";
    const batch = await this.request<unknown[]>(BATCH_PATH, { calls: calls.map((c) => ({ path: c.path, data: c.fields ?? {} })) }, { ...opts, repeat });
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
  async send<I, O, R>(ep: Endpoint<I, O, R>, input: I, opts: Omit<CallOptions, "expect" | "silent" | "repeat"> = {}): Promise<R> {
    const outcome = await this.request<O>(ep.path, fieldsOf(ep, input), { ...opts, expect: ep.expect, repeat: ep.repeat });
    return this.settle(ep, outcome, opts);
  }

  /**
   * Calls several typed endpoints in one request. Each promise settles as `send` would have settled it: its
   * own toast, 420 handling, rejection or outcome.
   */
  sendMany(calls: readonly { ep: Endpoint<unknown, unknown, unknown>; input: unknown }[], opts: Omit<CallOptions, "expect" | "silent" | "repeat"> = {}): Promise<unknown>[] {
    const outcomes = this.requestMany(
      calls.map(({ ep, input }) => ({ path: ep.path, fields: fieldsOf(ep, input), expect: ep.expect, repeat: ep.repeat })),
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
