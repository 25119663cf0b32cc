import { Command } from "commander";
import { endpointAt, expectedStatus } from "#gateway/api/contract.ts";
import type { GatewayClient } from "#gateway/client.ts";
import { BATCH_PATH } from "#gateway/config.ts";
import { decodeCapture, readInput, type DecodedCall } from "../lib/capture.ts";
import { resolveContext, type Context } from "../lib/context.ts";
import { CliError, paint, printJson, printTable } from "../lib/output.ts";

/** Fields whose values differ from one answer to the next by nature: times, tokens, request ids. */
const VOLATILE = ["token", "time", "timestamp", "request_id"];
const isVolatile = (key: string, ignore: Set<string>) => ignore.has(key) || VOLATILE.includes(key) || key.endsWith("_at");

type Result = "same" | "differs" | "skipped" | "no answer";

export interface ReplayedCall {
  index: number;
  path: string;
  result: Result;
  /** Why it was skipped, or the JSON paths whose values differ (`data.list.0.title`). */
  notes: string[];
  captured?: { status: number; msg: string };
  replayed?: { status?: number; msg: string };
}

/**
 * The answer as compared: volatile fields left out, the line in addresses (`http://host:port/media/…`, an
 * invitation link) written `{line}`, since the capture's line and the replay's differ, and a media grant's expiry
 * and signature (docs/protocol.md §7) written `{grant}`, since they move with the time of the call.
 */
function comparable(value: unknown, ignore: Set<string>): unknown {
  if (typeof value === "string") return value.replace(/https?:\/\/[^/\s"'<>]+/g, "{line}").replace(/([?&](?:amp;)?)e=\d+(&(?:amp;)?)s=[\w-]{32}/g, "$1e={grant}$2s={grant}");
  if (Array.isArray(value)) return value.map((v) => comparable(v, ignore));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !isVolatile(k, ignore)).map(([k, v]) => [k, comparable(v, ignore)]));
  }
  return value;
}

/** The JSON paths at which two values differ, at most `max` of them. */
function differences(a: unknown, b: unknown, at = "", max = 5, out: string[] = []): string[] {
  if (out.length >= max) return out;
  const objects = a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b);
  if (!objects) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(at || "(whole answer)");
    return out;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], at ? `${at}.${k}` : k, max, out);
  return out;
}

/** The paths a call runs: its own, or for a batch those inside it. */
function pathsOf(call: DecodedCall): string[] {
  if (call.path?.toLowerCase() !== BATCH_PATH.toLowerCase()) return [call.path ?? ""];
  const calls = call.request?.fields?.calls;
  return Array.isArray(calls) ? calls.map((c) => String((c as { path?: unknown }).path ?? "")) : [];
}

/** A write: a call marked `request_id` or `no repeat` (every call that moves coins is one). */
const isWrite = (path: string) => (endpointAt(path)?.repeat ?? "safe") !== "safe";

interface ReplayOptions {
  token?: string;
  ignore?: string;
  includeWrites?: boolean;
}

/** Sends the capture's calls again, one after another, and compares each answer with the captured one. */
async function replayCalls(ctx: Context, calls: DecodedCall[], opts: ReplayOptions, ownProfile: boolean): Promise<ReplayedCall[]> {
  const ignore = new Set((opts.ignore ?? "").split(",").map((k) => k.trim()).filter(Boolean));
  const clients = new Map<string, GatewayClient>();
  const clientFor = async (token: string) => {
    let client = clients.get(token);
    if (!client) clients.set(token, (client = await ctx.client(token)));
    return client;
  };
  const out: ReplayedCall[] = [];
  for (const [i, call] of calls.entries()) {
    const path = call.path ?? "";
    const fields = call.request?.fields;
    const payload = call.response?.payload as { status: number; msg: string; data: unknown } | undefined;
    const entry: ReplayedCall = { index: i + 1, path, result: "skipped", notes: [], ...(payload ? { captured: { status: payload.status, msg: payload.msg } } : {}) };
    out.push(entry);
    if (!fields || !payload) {
      entry.notes.push(fields ? (call.response?.error ?? "no captured answer") : call.request ? `request not decryptable: ${call.request.error}` : "no request body");
      continue;
    }
    const writes = pathsOf(call).filter(isWrite);
    if (writes.length && !opts.includeWrites) {
      entry.notes.push(`a write (${writes.join(", ")}); --include-writes sends it`);
      continue;
    }
    // The captured identity, or the profile's when one is given (its device and token); --token wins.
    const sent = ownProfile ? Object.fromEntries(Object.entries(fields).filter(([k]) => !k.startsWith("system_"))) : fields;
    const token = opts.token ?? (ownProfile ? (ctx.profile.token ?? "") : String(fields.system_token ?? ""));
    const outcome = await (await clientFor(token)).request(path, sent, { expect: expectedStatus(path), repeat: "safe" });
    entry.replayed = { ...(outcome.status !== undefined ? { status: outcome.status } : {}), msg: outcome.msg };
    if (outcome.status === undefined) {
      entry.result = "no answer";
      entry.notes.push(outcome.msg);
      continue;
    }
    const before = comparable({ status: payload.status, msg: payload.msg, data: payload.data }, ignore);
    const after = comparable({ status: outcome.status, msg: outcome.msg, data: outcome.data }, ignore);
    entry.notes = differences(before, after);
    entry.result = entry.notes.length ? "differs" : "same";
  }
  return out;
}

const painted: Record<Result, string> = {
  same: paint("green", "same"),
  differs: paint("red", "DIFFERS"),
  skipped: paint("dim", "skipped"),
  "no answer": paint("red", "NO ANSWER"),
};

export const replay = new Command("replay")
  .description("send every gateway call of a HAR capture again (to --lines) and compare each answer with the captured one")
  .argument("<capture>", "a HAR file, or - for stdin")
  .option("--token <token>", "member token for every call (default: the captured one, or the profile's with --profile)")
  .option("--ignore <fields>", "comma-separated fields left out of the comparison, besides times, tokens and request ids")
  .option("--include-writes", "also send the writes (calls that move coins, creates, toggles): they change the line's data")
  .action(async (file: string, opts: ReplayOptions, command: Command) => {
    const ctx = resolveContext(command);
    const capture = decodeCapture(await readInput(file), ctx.config);
    if (capture.kind !== "har") throw new CliError("replay takes a HAR file (a single request or response has nothing to compare)");
    const ownProfile = command.parent?.getOptionValueSource("profile") === "cli";
    const calls = await replayCalls(ctx, capture.calls, opts, ownProfile);
    const count = (r: Result) => calls.filter((c) => c.result === r).length;
    const summary = { same: count("same"), differs: count("differs"), skipped: count("skipped"), noAnswer: count("no answer") };
    if (ctx.json) printJson({ calls, summary });
    else {
      printTable(
        ["#", "call", "result", "status", "notes"],
        calls.map((c) => [String(c.index), c.path, painted[c.result], `${c.captured?.status ?? "-"} → ${c.replayed?.status ?? "-"}`, c.notes.join("; ")]),
      );
      process.stdout.write(`${summary.same} same, ${summary.differs} differ, ${summary.noAnswer} without answer, ${summary.skipped} skipped\n`);
    }
    if (summary.differs || summary.noAnswer) process.exitCode = 1;
  });
