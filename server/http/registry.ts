import { z } from "zod";
import type { Endpoint } from "#gateway/client.ts";
import type { DB } from "#server/db/index.ts";
import type { UserRow } from "#server/accounts/users.ts";
import type { ServerSettings } from "#server/env.ts";

/** A failure the client should see as a payload status and message (HTTP stays 200). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Caller {
  user: UserRow;
  /** The token the call carried, when it resolved to a live session. */
  token: string;
  isMember: boolean;
  oauthId: string;
}

export interface HandlerContext<I> {
  input: I;
  caller: Caller;
  db: DB;
  settings: ServerSettings;
  /** `scheme://host` as the client reached us; used for links and upload addresses. */
  origin: string;
  /**
   * The client's address: the connection's, or behind a trusted proxy (`TRUST_PROXY`) the first entry of
   * `x-forwarded-for`; empty when unknown.
   */
  address: string;
}

export interface HandlerResult {
  data: unknown;
  msg?: string;
  /** A payload status other than the endpoint's success status; failures throw an ApiError instead. */
  status?: number;
}

export interface HandlerSpec<S extends z.ZodType = z.ZodType> {
  /** `member`: 420 without a live token; `guest`: any device. */
  auth: "guest" | "member";
  input: S;
  /**
   * Answers that depend only on the input and the origin (not on the caller) may be kept this long:
   * a hit skips the database and the encryption and only signs.
   */
  cacheMs?: number;
  handle(ctx: HandlerContext<z.infer<S>>): HandlerResult | unknown;
}

export interface Handler<S extends z.ZodType = z.ZodType> extends HandlerSpec<S> {
  /** The endpoint's path, spelled as the product spells it (matched case-insensitively). */
  path: string;
  /** The payload status of success: the endpoint's `expect` (200, or 251). */
  status: number;
  endpoint: Endpoint<unknown, unknown, unknown>;
}

/**
 * A call's handler, for its endpoint in `gateway/api`: the path and the success status come from there, so
 * client and server cannot disagree about them.
 */
export function defineHandler<I, O, R, S extends z.ZodType>(endpoint: Endpoint<I, O, R>, spec: HandlerSpec<S>): Handler<S> {
  return { ...spec, path: endpoint.path, status: endpoint.expect, endpoint: endpoint as Endpoint<unknown, unknown, unknown> };
}

/** Paths match case-insensitively: `/api/MvDetail/x` and `/api/mvdetail/x` are one call. */
export class Registry {
  private readonly handlers = new Map<string, Handler>();

  add(...handlers: Handler[]) {
    for (const h of handlers) {
      const key = h.path.toLowerCase();
      if (this.handlers.has(key)) throw new Error(`duplicate handler for ${h.path}`);
      this.handlers.set(key, h);
    }
    return this;
  }

  find(path: string): Handler | undefined {
    return this.handlers.get(path.toLowerCase());
  }

  paths(): string[] {
    return [...this.handlers.values()].map((h) => h.path);
  }
}

// zod's own messages in the app's language, for the calls' input only: the app shows `msg` to people. They
// name the field they are about; messages a schema spells out name it in words and stay as written. The
// environment's messages (for operators) stay English.
const zhCN = z.locales.zhCN();
const zodMessage: z.core.$ZodErrorMap = (issue) => {
  const message = zhCN.localeError(issue);
  const text = typeof message === "string" ? message : message?.message;
  return issue.path?.length && text ? `${issue.path.join(".")}: ${text}` : message;
};

/** Parses a call's fields with its handler's schema. */
export function parseInput<S extends z.ZodType>(schema: S, fields: unknown) {
  const parsed = schema.safeParse(fields);
  // Only bad input is parsed again for its messages: a parse with options is several times slower.
  return parsed.success ? parsed : schema.safeParse(fields, { error: zodMessage });
}

/** Every problem with the input at once, in one line. */
export function describeIssues(error: z.ZodError): string {
  // One message once, though several checks of a field failed (a huge number is neither safe nor in range).
  return [...new Set(error.issues.map((i) => i.message))].join("；");
}

// A string of digits counts as its number; anything else (true, [2], "1.5") is left for the number check to
// refuse. (z.coerce would take true as 1 and [2] as 2.)
const digits = (v: unknown) => (typeof v === "string" && /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : v);

/** An integer field, as a number or a string of digits, with one Chinese message naming it (or its own). */
export function intInput(message: string, { min = 1, max = Number.MAX_SAFE_INTEGER, range = message }: { min?: number; max?: number; range?: string } = {}) {
  return z.preprocess(digits, z.number({ error: message }).int(message).min(min, range).max(max, range));
}

/** A positive integer id, however it arrives (number or string of digits), with one message naming what it is. */
export const idInput = (what: string) => intInput(`${what}无效`);

/** A list's sort, by name (the names are the config's). */
export const sortInput = z.string({ error: "排序方式无效" }).max(20, "排序方式无效").optional();

export const pageInput = z.object({
  page: intInput("page 应为正整数").default(1),
  limit: intInput("limit 应为 1–50 的整数", { max: 50, range: "limit 应为 1–50 的整数" }).default(20),
});

/** Times in answers: `YYYY-MM-DD hh:mm:ss` (UTC). */
export { isoDate } from "#server/clock.ts";

export function paged<T>(list: T[], page: number, limit: number, total: number) {
  return { list, page, limit, total, has_more: page * limit < total };
}
