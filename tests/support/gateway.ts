import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { GatewayClient, type GatewayClientOptions } from "#gateway/client.ts";
import { BATCH_PATH, configFromEnv } from "#gateway/config.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { openRequest, parseRequestBody } from "#gateway/envelope.ts";
import { buildIdentity, createOAuthId } from "#gateway/identity.ts";
import { openPostgres, openSqlite, type Db } from "#server/db/database.ts";
import { startServer } from "#server/start.ts";
import { afterAll, beforeAll, inject } from "vitest";
import { entryArgs } from "./entries.ts";
import { createTestDatabase } from "./postgres.ts";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");
export const DEMO = { phone: "13800000000", password: "demo123456" };

export interface TestGateway {
  url: string;
  dataDir: string;
  /** `postgres` in the PostgreSQL projects, else `sqlite`. */
  dialect: "sqlite" | "postgres";
  /** The PostgreSQL database, in the PostgreSQL projects. */
  databaseUrl?: string;
  /**
   * A second handle on the gateway's database, for a test that arranges data or checks what was stored; close it
   * before the gateway.
   */
  openDb(): Db;
  /** Stops the server; the data folder stays until `cleanup`. */
  stop(): Promise<void>;
  /** Starts again on the same data folder (and the same port when it is free). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The reference gateway on a free port with a fresh data folder, serving build/client. Its database starts as a
 * copy of the run's seeded template (tests/support/template-setup.ts, postgres-setup.ts) when the project has one.
 */
export async function startTestGateway(
  opts: { env?: Record<string, string | undefined>; dataDir?: string; clientDir?: string; port?: number } = {},
): Promise<TestGateway> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "gw-test-"));
  const clientDir = opts.clientDir ?? join(REPO_ROOT, "build/client");
  const cluster = inject("pgClusterUrl");
  const databaseUrl = opts.env?.DATABASE_URL ?? (cluster ? await createTestDatabase(cluster, inject("pgTemplate")) : undefined);
  const template = inject("sqliteTemplate");
  if (!databaseUrl && !opts.dataDir && template) copyFileSync(template, join(dataDir, "gateway.sqlite"));
  const env = { ...opts.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  let running = await startServer({ port: opts.port ?? 0, host: "127.0.0.1", dataDir, clientDir, env });
  const gw: TestGateway = {
    url: running.url,
    dataDir,
    dialect: databaseUrl ? "postgres" : "sqlite",
    ...(databaseUrl ? { databaseUrl } : {}),
    openDb: () => (databaseUrl ? openPostgres(databaseUrl, { max: 2 }) : openSqlite(join(dataDir, "gateway.sqlite"))),
    stop: () => running.close(),
    async restart() {
      // Let clients notice the closed keep-alive sockets before the port answers again.
      await new Promise((r) => setTimeout(r, 100));
      running = await startServer({ port: running.port, host: "127.0.0.1", dataDir, clientDir, env });
      gw.url = running.url;
    },
    async close() {
      await running.close().catch(() => undefined);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return gw;
}

/**
 * The gateway as its own process, started as `npm run serve` would (`PORT=0`); a test that shares a database
 * between processes passes `DATA_DIR` (and `DATABASE_URL`). Resolves once it listens.
 */
export async function startGatewayProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; kill(): Promise<void> }> {
  const child = spawn(process.execPath, entryArgs("server"), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`gateway process did not start: ${out}`)), 30_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        done(m[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => fail(new Error(`gateway process exited with ${code}: ${out}`)));
  });
  /** Kills the process the hard way (a failed node), once it has exited. */
  const kill = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGKILL");
    });
  return { url, child, kill };
}

/** A second process on the database of `gw`. */
export function startSiblingProcess(gw: TestGateway, env: Record<string, string> = {}) {
  return startGatewayProcess({ DATA_DIR: gw.dataDir, ...(gw.databaseUrl ? { DATABASE_URL: gw.databaseUrl } : {}), ...env });
}

/**
 * A device talking to the gateway through the real client: its own oauth id and token. With `lines`, the client
 * fails over between them (its first line is `url`).
 */
export function testClient(
  url: string,
  opts: { token?: string; oauthId?: string; env?: Record<string, string | undefined>; lines?: string[] } & Pick<GatewayClientOptions, "fetch" | "onLineSwitch"> = {},
) {
  const state = { token: opts.token ?? "", oauthId: opts.oauthId ?? createOAuthId() };
  const client = new GatewayClient({
    config: configFromEnv(opts.env ?? {}, { lines: opts.lines ?? [url] }),
    crypto: nodeCrypto,
    identity: () => buildIdentity({ oauthId: state.oauthId, token: state.token }),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.onLineSwitch ? { onLineSwitch: opts.onLineSwitch } : {}),
  });
  return Object.assign(client, { state });
}

/**
 * The calls one request to the gateway made: its path, or for a batch the paths inside it (the body opened
 * with the development keys the test gateway runs on).
 */
export function callsOf(path: string, body: string | undefined): string[] {
  if (path.toLowerCase() !== BATCH_PATH.toLowerCase()) return [path];
  const fields = openRequest(parseRequestBody(body ?? ""), configFromEnv({}, { lines: [] }), nodeCrypto);
  return (fields.calls as { path: string }[]).map((c) => c.path);
}

/**
 * For a test file: a gateway in the test process and a second process on its database (the same SQLite file or
 * PostgreSQL database), started before the file's tests and stopped after them, both with `env`.
 */
export function twoGatewayProcesses(env: Record<string, string> = {}) {
  const both = {} as { gw: TestGateway; second: Awaited<ReturnType<typeof startSiblingProcess>> };
  beforeAll(async () => {
    both.gw = await startTestGateway({ env });
    both.second = await startSiblingProcess(both.gw, env);
  });
  afterAll(async () => {
    both.second?.child.kill("SIGTERM");
    await both.gw?.close();
  });
  return both;
}
