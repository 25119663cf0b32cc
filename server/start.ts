import { serve, type ServerType } from "@hono/node-server";
import { readFileSync } from "node:fs";
import { createSecureServer } from "node:http2";
import type { AddressInfo, Socket } from "node:net";
import { resolve } from "node:path";
import { ConfigError } from "#gateway/config.ts";
import { startPruning } from "#server/accounts/housekeeping.ts";
import { createApp } from "./app.ts";
import { openSeededDatabase } from "#server/seed/index.ts";
import { readSettings, type ServerSettings } from "./env.ts";

export interface StartOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  dataDir: string;
  clientDir?: string;
  env?: Record<string, string | undefined>;
}

export interface RunningServer {
  url: string;
  port: number;
  settings: ServerSettings;
  close(): Promise<void>;
}

/** Opens (creating, migrating and seeding) the database and listens. */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const settings = readSettings({ LOG_LEVEL: "error", ...(opts.env ?? {}) });
  settings.dataDir = resolve(opts.dataDir);
  settings.clientDir = resolve(opts.clientDir ?? settings.clientDir);
  if (opts.host) settings.host = opts.host;
  if (opts.port !== undefined) settings.port = opts.port;

  const tls = settings.tls && readTlsFiles(settings.tls);
  const db = await openSeededDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl, poolSize: settings.databasePoolSize });
  const stopPruning = await startPruning(db, (message) => {
    if (settings.logLevel !== "silent") console.error(`[gateway] ${message}`);
  });
  const app = createApp(db, settings);
  const listen = { fetch: app.fetch, port: settings.port, hostname: settings.host };
  // HTTP/2 over TLS, HTTP/1.1 for clients that do not offer it (ALPN).
  const secure = tls && { ...listen, createServer: createSecureServer, serverOptions: { ...tls, allowHTTP1: true } };
  const sockets = new Set<Socket>();
  let server: ServerType;
  try {
    server = await new Promise<ServerType>((ready, fail) => {
      const s = secure ? serve(secure, () => ready(s)) : serve(listen, () => ready(s));
      s.once("error", fail);
      // An HTTP/2 server has no closeAllConnections: its sockets are closed by hand.
      if (secure) s.on("connection", (socket: Socket) => void sockets.add(socket.once("close", () => sockets.delete(socket))));
    });
  } catch (error) {
    stopPruning();
    await db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const wildcard = settings.host === "0.0.0.0" || settings.host === "::";
  return {
    url: `${tls ? "https" : "http"}://${wildcard ? "127.0.0.1" : settings.host}:${port}`,
    port,
    settings,
    close: () =>
      new Promise<void>((done) => {
        stopPruning();
        server.close(() => void db.close().then(done, done));
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function readTlsFiles(files: { certFile: string; keyFile: string }): { cert: Buffer; key: Buffer } {
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new ConfigError([`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
    }
  };
  return { cert: read("TLS_CERT", files.certFile), key: read("TLS_KEY", files.keyFile) };
}
