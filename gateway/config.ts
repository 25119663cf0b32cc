import { z } from "zod";

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
export const CLIENT_NAME = "pwa";
export const CONTENT_TYPE = "application/x-www-form-urlencoded";

const sixteenBytes = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .refine((v) => new TextEncoder().encode(v).length === 16, `${name} must be exactly 16 bytes`);

export const gatewayConfigSchema = z.object({
  lines: z.array(z.url({ error: "every line must be an absolute http(s) URL" })).default([]),
  version: z.string().default(PROTOCOL_VERSION),
  timeoutMs: z.number().int().positive().default(DEFAULT_TIMEOUT_MS),
  aesKey: sixteenBytes("aesKey"),
  aesIv: sixteenBytes("aesIv"),
  signSecret: z.string().min(1, "signSecret must not be empty"),
  mediaKey: sixteenBytes("mediaKey").default(DEV_MEDIA_KEY),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export type GatewayConfigInput = z.input<typeof gatewayConfigSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`invalid gateway configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** Validates a configuration and lists every problem at once. */
export function parseGatewayConfig(input: GatewayConfigInput): GatewayConfig {
  const result = gatewayConfigSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)),
    );
  }
  return result.data;
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
