import { CONTENT_TYPE } from "./config.ts";
import { fetchWithTimeout } from "./client.ts";
import { getErrorMessage } from "./errors.ts";

export const PING_TIMEOUT_MS = 5_000;

export interface LineReport {
  line: string;
  ok: boolean;
  /** Round trip in milliseconds (until failure when not ok). */
  ms: number;
  error?: string;
}

/** The ping URL of a line: POST `{line}?ping`. */
export function pingUrl(line: string): string {
  return `${line.replace(/\/+$/, "")}?ping`;
}

/** Pings one line: POST form `mod=ping&code=<nonce>`; a live gateway answers 200 with JSON echoing the code. */
export async function pingLine(
  line: string,
  opts: { fetch?: typeof fetch; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<LineReport> {
  const started = performance.now();
  const code = Math.random().toString(36).slice(2, 10);
  try {
    const res = await fetchWithTimeout(
      opts.fetch ?? globalThis.fetch,
      pingUrl(line),
      { method: "POST", headers: { "content-type": CONTENT_TYPE }, body: new URLSearchParams({ mod: "ping", code }).toString() },
      opts.timeoutMs ?? PING_TIMEOUT_MS,
      opts.signal,
    );
    const body = (await res.json().catch(() => null)) as { code?: unknown } | null;
    const ms = Math.round(performance.now() - started);
    if (res.status !== 200) return { line, ok: false, ms, error: `HTTP ${res.status}` };
    if (body?.code !== code) return { line, ok: false, ms, error: "not a gateway (ping code not echoed)" };
    return { line, ok: true, ms };
  } catch (error) {
    return { line, ok: false, ms: Math.round(performance.now() - started), error: getErrorMessage(error) };
  }
}

/** Pings every line in parallel and waits for all; the base is the first to answer, else the first line. */
export async function pingAll(lines: string[], opts: { fetch?: typeof fetch; timeoutMs?: number } = {}) {
  const order: string[] = [];
  const reports = await Promise.all(
    lines.map((line) =>
      pingLine(line, opts).then((r) => {
        if (r.ok) order.push(r.line);
        return r;
      }),
    ),
  );
  return { reports, base: order[0] ?? lines[0] ?? "" };
}

/** Resolves with the first line to answer, without waiting for the others; the first line when none does. */
export async function selectBaseLine(lines: string[], opts: { fetch?: typeof fetch; timeoutMs?: number } = {}): Promise<string> {
  if (lines.length <= 1) return lines[0] ?? "";
  const controller = new AbortController();
  try {
    return await Promise.any(
      lines.map(async (line) => {
        const r = await pingLine(line, { ...opts, signal: controller.signal });
        if (!r.ok) throw new Error(r.error);
        return line;
      }),
    );
  } catch {
    return lines[0]!;
  } finally {
    controller.abort();
  }
}
