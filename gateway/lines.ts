import { CONTENT_TYPE } from "./config.ts";
import { fetchWithTimeout } from "./fetch.ts";
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
  return (await firstToAnswer(lines, opts)) ?? lines[0]!;
}

/** How long a line that failed rests before it is pinged again (decision 035). */
export const LINE_RECHECK_MS = 60_000;

/** Why the base line changed: it failed (`failover`), or a line ahead of it in the list answers again (`recovered`). */
export type LineSwitchReason = "failover" | "recovered";

export interface LineSwitchOptions {
  fetch?: typeof fetch;
  /** Ping timeout (default `PING_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** How long a failed line rests before it is pinged again (default `LINE_RECHECK_MS`). */
  recheckMs?: number;
  /** Told every time the base changes. */
  onSwitch?: (from: string, to: string, reason: LineSwitchReason) => void;
}

/**
 * The base line of a client, and the move to another when it fails (docs/protocol.md §5, failover). However many
 * calls fail together, the other lines are pinged once: every caller waits on the same switch. A line that failed
 * is pinged again after `recheckMs`; when it answers and stands ahead of the base in the list, it is the base again.
 */
export class LineSwitch {
  private line: string;
  private switching: Promise<string | undefined> | undefined;
  private readonly rechecks = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    readonly lines: readonly string[],
    private readonly opts: LineSwitchOptions = {},
  ) {
    this.line = lines[0] ?? "";
  }

  get base(): string {
    return this.line;
  }

  set base(line: string) {
    this.line = line;
  }

  /** The line a new call goes to: after a switch under way, the line it chose. */
  async current(): Promise<string> {
    if (this.switching) await this.switching;
    return this.line;
  }

  /**
   * A call to `line` got no answer. Resolves with the line to repeat it on: the base already chosen when another
   * call moved the client, else the first other line to answer a ping (it becomes the base); undefined when no
   * other line answers (the base stays).
   */
  failedOn(line: string): Promise<string | undefined> {
    if (this.switching) return this.switching;
    if (line !== this.line) return Promise.resolve(this.line);
    this.switching = this.moveFrom(line).finally(() => {
      this.switching = undefined;
    });
    return this.switching;
  }

  /** Stops the background pings. */
  dispose() {
    for (const timer of this.rechecks.values()) clearTimeout(timer);
    this.rechecks.clear();
  }

  private async moveFrom(dead: string): Promise<string | undefined> {
    const others = this.lines.filter((l) => l !== dead);
    if (!others.length) return undefined;
    const next = await firstToAnswer(others, this.opts);
    if (!next) return undefined;
    this.line = next;
    this.opts.onSwitch?.(dead, next, "failover");
    this.recheckLater(dead);
    return next;
  }

  private recheckLater(line: string) {
    if (this.rechecks.has(line)) return;
    const timer = setTimeout(() => {
      this.rechecks.delete(line);
      void this.recheck(line);
    }, this.opts.recheckMs ?? LINE_RECHECK_MS);
    // NOTE: a background ping must not keep a CLI process alive.
    (timer as { unref?: () => void }).unref?.();
    this.rechecks.set(line, timer);
  }

  private async recheck(line: string) {
    const rank = (l: string) => this.lines.indexOf(l);
    if (rank(line) >= rank(this.line)) return;
    const report = await pingLine(line, this.opts);
    if (!report.ok) return this.recheckLater(line);
    if (this.switching || rank(line) >= rank(this.line)) return;
    const from = this.line;
    this.line = line;
    this.opts.onSwitch?.(from, line, "recovered");
  }
}

/** The first of `lines` to answer a ping, without waiting for the others; undefined when none does. */
async function firstToAnswer(lines: readonly string[], opts: { fetch?: typeof fetch; timeoutMs?: number }): Promise<string | undefined> {
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
    return undefined;
  } finally {
    controller.abort();
  }
}
