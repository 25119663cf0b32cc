import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { createApp } from "./app.ts";
import { openDatabase } from "./db/index.ts";
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

  const db = openDatabase(settings.dataDir);
  const app = createApp(db, settings);
  const server = await new Promise<ServerType>((ready, fail) => {
    const s = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host }, () => ready(s));
    s.once("error", fail);
  });
  const port = (server.address() as AddressInfo).port;
  const wildcard = settings.host === "0.0.0.0" || settings.host === "::";
  return {
    url: `http://${wildcard ? "127.0.0.1" : settings.host}:${port}`,
    port,
    settings,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          db.close();
          done();
        });
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
