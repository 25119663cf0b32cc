import { z } from "zod";
import { ConfigError, configFromEnv, DEV_SIGN_SECRET, type GatewayConfig } from "#gateway/config.ts";

/** The development default of MEDIA_URL_SECRET (decisions 044 and 067). */
export const DEV_MEDIA_URL_SECRET = "dev-media-url-secret";

const envSchema = z.object({
  PORT: z.coerce.number({ error: "PORT must be a number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL (unset: the SQLite file in DATA_DIR)")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ error: "DATABASE_POOL_SIZE must be a number" }).int().min(1).max(100).default(10),
  CLIENT_DIR: z.string().min(1).default("./build/client"),
  UPLOAD_IMG_KEY: z.string().min(1).default("dev-img-key"),
  UPLOAD_VIDEO_KEY: z.string().min(1).default("dev-video-key"),
  PAYMENT_SANDBOX_SECRET: z.string().min(1).default("dev-sandbox-secret"),
  MEDIA_URL_SECRET: z.string().min(1).default(DEV_MEDIA_URL_SECRET),
  LOG_LEVEL: z.enum(["silent", "error", "info"]).default("info"),
  TLS_CERT: z.string().min(1).optional(),
  TLS_KEY: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(["0", "1", "false", "true"], { error: "TRUST_PROXY must be 1 or 0 (true or false)" }).default("0"),
  GATEWAY_CORS_ORIGINS: z
    .string()
    .refine((v) => v.trim() === "*" || corsList(v).every(isOrigin), "GATEWAY_CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com")
    .default("*"),
  GATEWAY_TEST_CLOCK: z.enum(["0", "1"], { error: "GATEWAY_TEST_CLOCK must be 1 or 0" }).default("0"),
  NODE_ENV: z.string().optional(),
});

const corsList = (v: string) => v.split(",").map((o) => o.trim().replace(/\/+$/, "")).filter(Boolean);
const isOrigin = (v: string) => {
  try {
    const url = new URL(v);
    return /^https?:$/.test(url.protocol) && url.origin === v;
  } catch {
    return false;
  }
};

export interface ServerSettings {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; unset, the SQLite file `{dataDir}/gateway.sqlite`. */
  databaseUrl?: string;
  /** Connections per gateway process to PostgreSQL. */
  databasePoolSize: number;
  uploadImgKey: string;
  uploadVideoKey: string;
  /** The sandbox payment provider's secret: it signs the provider's callbacks (docs/payment-provider.md). */
  paymentSandboxSecret: string;
  /** Signs the addresses of paid media (an audio chapter's) for the caller who may play them (decision 044). */
  mediaUrlSecret: string;
  logLevel: "silent" | "error" | "info";
  gateway: GatewayConfig;
  /** The built app served at `/`, when present. */
  clientDir: string;
  /**
   * PEM files: with them the gateway speaks HTTPS, HTTP/2 where the client offers it. A phone on the LAN
   * needs this: WebCrypto (image decryption) and service workers exist only in secure contexts.
   */
  tls?: { certFile: string; keyFile: string };
  /**
   * Behind a reverse proxy: the client's address is the first entry of `x-forwarded-for`. Off, that header is
   * ignored (anyone can send it) and the address is the connection's.
   */
  trustProxy: boolean;
  /**
   * Origins whose pages may call this gateway (CORS, without credentials): an app served by another line calls
   * this one after a failover (docs/protocol.md §5). `*`, the development default, allows any.
   */
  corsOrigins: "*" | string[];
  /** Tests only: the server's clock can be moved through `{dataDir}/test-clock` (server/clock.ts, decision 064). */
  testClock: boolean;
}

const ENV_NAMES: Record<string, string> = {
  aesKey: "GATEWAY_AES_KEY",
  aesIv: "GATEWAY_AES_IV",
  signSecret: "GATEWAY_SIGN_SECRET",
  timeoutMs: "GATEWAY_TIMEOUT_MS",
  lines: "GATEWAY_LINES",
  mediaKey: "GATEWAY_MEDIA_KEY",
};

/** `aesKey: aesKey must be …` from the shared config reads as the variable the operator sets. */
function toEnvName(problem: string): string {
  const field = problem.match(/^(\w+)/)?.[1] ?? "";
  const name = ENV_NAMES[field];
  if (!name) return problem;
  const message = problem.replace(/^[\w.]+: /, "");
  return message.startsWith(field) ? name + message.slice(field.length) : `${name}: ${message}`;
}

/** Reads and validates the server's environment, listing every problem at once. */
export function readSettings(env: Record<string, string | undefined>): ServerSettings {
  const problems: string[] = [];
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")));
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  let gateway: GatewayConfig | undefined;
  try {
    gateway = configFromEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) problems.push(...error.problems.map(toEnvName));
    else throw error;
  }
  if (parsed.success && Boolean(parsed.data.TLS_CERT) !== Boolean(parsed.data.TLS_KEY)) problems.push("TLS_CERT and TLS_KEY go together: set both or neither");
  // A deployment sets its own secrets (README): a movable clock there would let VIP and codes outlive their time.
  if (parsed.success && parsed.data.GATEWAY_TEST_CLOCK === "1" && (parsed.data.NODE_ENV === "production" || (gateway && gateway.signSecret !== DEV_SIGN_SECRET))) {
    problems.push("GATEWAY_TEST_CLOCK is for tests: it runs only with the development keys, never in production");
  }
  if (problems.length || !parsed.success || !gateway) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    uploadImgKey: e.UPLOAD_IMG_KEY,
    uploadVideoKey: e.UPLOAD_VIDEO_KEY,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    mediaUrlSecret: e.MEDIA_URL_SECRET,
    logLevel: e.LOG_LEVEL,
    gateway,
    clientDir: e.CLIENT_DIR,
    ...(e.TLS_CERT && e.TLS_KEY ? { tls: { certFile: e.TLS_CERT, keyFile: e.TLS_KEY } } : {}),
    trustProxy: e.TRUST_PROXY === "1" || e.TRUST_PROXY === "true",
    corsOrigins: e.GATEWAY_CORS_ORIGINS.trim() === "*" ? "*" : corsList(e.GATEWAY_CORS_ORIGINS),
    testClock: e.GATEWAY_TEST_CLOCK === "1",
  };
}
