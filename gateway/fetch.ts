import { GatewayError, getErrorMessage } from "./errors.ts";

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
