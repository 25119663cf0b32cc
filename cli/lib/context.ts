import type { Command } from "commander";
import { z } from "zod";
import { GatewayClient } from "#gateway/client.ts";
import { ConfigError, configFromEnv, parseLines, type GatewayConfig } from "#gateway/config.ts";
import { selectBaseLine } from "#gateway/lines.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { buildIdentity } from "#gateway/identity.ts";
import { loadProfile, type Profile } from "./profiles.ts";

export const DEFAULT_LINE = "http://127.0.0.1:3000";

export interface GlobalOptions {
  lines?: string;
  aesKey?: string;
  aesIv?: string;
  signSecret?: string;
  timeout?: string;
  profile: string;
  json?: boolean;
}

export interface Context {
  config: GatewayConfig;
  /** `--timeout` when given (ping has its own default otherwise). */
  timeoutMs?: number;
  profileName: string;
  profile: Profile;
  json: boolean;
  client(token?: string): Promise<GatewayClient>;
}

// setTimeout's own limit: beyond it Node fires at once.
const MAX_TIMEOUT_MS = 2_147_483_647;
const timeoutSchema = z.coerce
  .number({ error: "--timeout must be a number of milliseconds" })
  .int("--timeout must be a whole number of milliseconds")
  .positive("--timeout must be positive")
  .max(MAX_TIMEOUT_MS, `--timeout must be at most ${MAX_TIMEOUT_MS}`);

/** Flags win over GATEWAY_* variables, which win over the development defaults. Lists every problem at once. */
export function resolveContext(command: Command): Context {
  const opts = command.optsWithGlobals<GlobalOptions>();
  const problems: string[] = [];
  let timeoutMs: number | undefined;
  if (opts.timeout !== undefined) {
    const t = timeoutSchema.safeParse(opts.timeout);
    if (t.success) timeoutMs = t.data;
    else problems.push(t.error.issues[0]!.message);
  }
  const env = {
    ...process.env,
    ...(opts.aesKey ? { GATEWAY_AES_KEY: opts.aesKey } : {}),
    ...(opts.aesIv ? { GATEWAY_AES_IV: opts.aesIv } : {}),
    ...(opts.signSecret ? { GATEWAY_SIGN_SECRET: opts.signSecret } : {}),
  };
  const lines = parseLines(opts.lines ?? process.env.GATEWAY_LINES);
  let config: GatewayConfig | undefined;
  try {
    config = configFromEnv(env, { lines: lines.length ? lines : [DEFAULT_LINE], ...(timeoutMs ? { timeoutMs } : {}) });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(
      ...error.problems.map((p) =>
        p
          .replace(/^aesKey/, "--aes-key")
          .replace(/^aesIv/, "--aes-iv")
          .replace(/^signSecret/, "--sign-secret")
          .replace(/^lines\.\d+/, "--lines")
          .replace(/^timeoutMs/, "GATEWAY_TIMEOUT_MS"),
      ),
    );
  }
  if (problems.length || !config) throw new ConfigError(problems);
  const profile = loadProfile(opts.profile);
  const finalConfig = config;
  return {
    config: finalConfig,
    timeoutMs,
    profileName: opts.profile,
    profile,
    json: Boolean(opts.json),
    async client(token) {
      const client = new GatewayClient({
        config: finalConfig,
        crypto: nodeCrypto,
        identity: () => buildIdentity({ oauthId: profile.oauthId, token: token ?? profile.token ?? "", appType: "cli" }),
        // Failover (docs/protocol.md §5): said on stderr, so that stdout stays the data.
        onLineSwitch: (from, to, reason) =>
          process.stderr.write(reason === "failover" ? `line ${from} failed; moved to ${to}\n` : `line ${to} answers again; moved back from ${from}\n`),
      });
      // The first line to answer a ping, as the app does (protocol §5); the first line when none does.
      client.baseLine = await selectBaseLine(finalConfig.lines, timeoutMs ? { timeoutMs } : {});
      return client;
    },
  };
}

/**
 * `key=value` pairs; values that parse as JSON (numbers, booleans, objects, "quoted strings") are sent typed,
 * except in the `strings` fields (those the endpoint types as strings), which are sent as strings. An integer
 * too large for a JSON number to keep exactly is sent as the string it was written as.
 */
export function parseFields(pairs: string[], strings: readonly string[] = []): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const bad: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) {
      bad.push(pair);
      continue;
    }
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    let value: unknown = raw;
    // A string field takes its text as written; a "quoted string" there still loses its quotes.
    const json = strings.includes(key)
      ? /^".*"$/s.test(raw)
      : /^(-?\d+(\.\d+)?|true|false|null|[[{"].*)$/s.test(raw) && !(/^-?\d+$/.test(raw) && !Number.isSafeInteger(Number(raw)));
    if (json) {
      try {
        value = JSON.parse(raw);
      } catch {
        value = raw;
      }
    }
    fields[key] = value;
  }
  if (bad.length) throw new Error(`expected key=value, got: ${bad.join(", ")}`);
  return fields;
}
