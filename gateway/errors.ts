export type GatewayErrorKind =
  | "network"
  | "timeout"
  | "abort"
  | "unsupported-protocol"
  | "http"
  | "errcode"
  | "sign"
  | "empty"
  | "malformed"
  | "status"
  | "session"
  /** The base line failed and the client moved to another; the call was not repeated there (not safe to repeat). */
  | "switched";

/** Every failed gateway call rejects with one of these (unless the call is silent or never throws). */
export class GatewayError extends Error {
  constructor(
    public readonly kind: GatewayErrorKind,
    message: string,
    public readonly details: { httpStatus?: number; errcode?: number; status?: number; path?: string; data?: unknown } = {},
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

/** One message for any thrown value: used by UI toasts and CLI output alike. */
export function getErrorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object") {
    if ("message" in error && typeof error.message === "string" && error.message) return error.message;
    if ("msg" in error && typeof error.msg === "string" && error.msg) return error.msg;
    if ("statusText" in error && typeof error.statusText === "string" && error.statusText) return error.statusText;
  }
  return "未知错误";
}
