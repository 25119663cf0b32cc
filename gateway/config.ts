/** Development defaults. Real deployments override all three through GATEWAY_* variables. */
export const DEV_AES_KEY = "dev-aes-key-0001";
export const DEV_AES_IV = "dev-aes-iv-00001";
export const DEV_SIGN_SECRET = "dev-sign-secret";
/** Key of encrypted images (docs/protocol.md §7). */
export const DEV_MEDIA_KEY = "dev-media-key-01";

export const PROTOCOL_VERSION = "6.2.0";
export const DEFAULT_TIMEOUT_MS = 50_000;
export const UPLOAD_IMAGE_TIMEOUT_MS = 50_000;
export const UPLOAD_VIDEO_TIMEOUT_MS = 60 * 60 * 1000;
export const TOKEN_STORAGE_KEY = "___USER__TOKEN";
export const OAUTH_ID_STORAGE_KEY = "___USER__OAUTHID";
export const SPLASH_AFF_PARAM = "aff_code";
export const SEARCH_HISTORY_KEY = "___SEARCH_HISTORY__";
export const CLIENT_NAME = "pwa";
export const CONTENT_TYPE = "application/x-www-form-urlencoded";
/** Several calls in one envelope (docs/protocol.md §3, batches), at most `MAX_BATCH_CALLS` of them. */
export const BATCH_PATH = "/api/system/batch";
export const MAX_BATCH_CALLS = 10;

export interface GatewayConfig {
  lines: string[];
  version: string;
  timeoutMs: number;
  aesKey: string;
  aesIv: string;
  signSecret: string;
  mediaKey: string;
}

export type GatewayConfigInput = Partial<Pick<GatewayConfig, "lines" | "version" | "timeoutMs" | "mediaKey">> &
  Pick<GatewayConfig, "aesKey" | "aesIv" | "signSecret">;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`invalid gateway configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

const utf8Length = (v: string) => new TextEncoder().encode(v).length;

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Validates a configuration and lists every problem at once. NOTE: hand-written rather than a schema
 * library, because this module ships in the app's first-load bundle.
 */
export function parseGatewayConfig(input: GatewayConfigInput): GatewayConfig {
  const problems: string[] = [];
  const sixteen = (name: "aesKey" | "aesIv" | "mediaKey", value: unknown) => {
    if (typeof value !== "string") problems.push(`${name}: ${name} is required`);
    else if (utf8Length(value) !== 16) problems.push(`${name}: ${name} must be exactly 16 bytes`);
  };
  const lines = input.lines ?? [];
  if (!Array.isArray(lines)) problems.push("lines: expected an array of URLs");
  else lines.forEach((l, i) => isHttpUrl(l) || problems.push(`lines.${i}: every line must be an absolute http(s) URL`));
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) problems.push("timeoutMs: must be a positive integer");
  sixteen("aesKey", input.aesKey);
  sixteen("aesIv", input.aesIv);
  sixteen("mediaKey", input.mediaKey ?? DEV_MEDIA_KEY);
  if (typeof input.signSecret !== "string" || !input.signSecret) problems.push("signSecret: signSecret must not be empty");
  if (problems.length) throw new ConfigError(problems);
  return {
    lines: [...lines],
    version: input.version ?? PROTOCOL_VERSION,
    timeoutMs,
    aesKey: input.aesKey,
    aesIv: input.aesIv,
    signSecret: input.signSecret,
    mediaKey: input.mediaKey ?? DEV_MEDIA_KEY,
  };
}

/** Splits a comma-separated list of lines, dropping blanks and trailing slashes. */
export function parseLines(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((l) => l.trim().replace(/\/+$/, ""))
    .filter(Boolean);
}

/**
 * Reads the GATEWAY_* variables (server, CLI) or build-time constants (app) into a config.
 * Missing keys fall back to the documented development defaults.
 */
export function configFromEnv(env: Record<string, string | undefined>, overrides: Partial<GatewayConfigInput> = {}): GatewayConfig {
  return parseGatewayConfig({
    lines: parseLines(env.GATEWAY_LINES),
    aesKey: env.GATEWAY_AES_KEY || DEV_AES_KEY,
    aesIv: env.GATEWAY_AES_IV || DEV_AES_IV,
    signSecret: env.GATEWAY_SIGN_SECRET || DEV_SIGN_SECRET,
    mediaKey: env.GATEWAY_MEDIA_KEY || DEV_MEDIA_KEY,
    ...(env.GATEWAY_TIMEOUT_MS ? { timeoutMs: Number(env.GATEWAY_TIMEOUT_MS) } : {}),
    ...overrides,
  });
}
