import { serve, type ServerType } from "@hono/node-server";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { z } from "zod";
import { endpoint, GatewayClient } from "#gateway/client.ts";
import { configFromEnv } from "#gateway/config.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { buildIdentity, createOAuthId } from "#gateway/identity.ts";
import { createApp, createRegistry } from "./app.ts";
import type { DB } from "#server/db/index.ts";
import { openSeededDatabase } from "#server/seed/index.ts";
import { readSettings } from "./env.ts";
import { defineHandler } from "#server/http/registry.ts";

const boom = defineHandler(endpoint<void, null>("/api/test/boom"), {
  auth: "guest",
  input: z.object({}),
  handle() {
    throw new Error("handler exploded");
  },
});

let dataDir: string;
let db: DB;
let server: ServerType;
let client: GatewayClient;
const errors: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "gw-app-"));
  db = await openSeededDatabase({ dataDir });
  const settings = { ...readSettings({ LOG_LEVEL: "error" }), dataDir };
  const app = createApp(db, settings, createRegistry().add(boom));
  server = await new Promise<ServerType>((ready) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => ready(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new GatewayClient({ config: configFromEnv({}, { lines: [url] }), crypto: nodeCrypto, identity: () => buildIdentity({ oauthId: createOAuthId() }) });
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.join(" ")));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise((done) => server.close(done));
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("answers a throwing handler with a signed 500, logs it and keeps serving", async () => {
  const outcome = await client.request("/api/test/boom");
  expect(outcome).toMatchObject({ ok: false, httpStatus: 500, errcode: 500, signValid: true });
  expect(errors.join("\n")).toContain("handler exploded");
  const next = await client.request("/api/MvDetail/reportType");
  expect(next.ok).toBe(true);
});

it("seeds once: a second open of the same folder adds nothing", async () => {
  const counts = async () => {
    const out: number[] = [];
    for (const table of ["users", "items", "notices", "messages", "report_types", "open_ads", "app_center", "exchange_codes", "feedback"]) {
      out.push((await db.value<number>(`SELECT COUNT(*) FROM ${table}`))!);
    }
    return out;
  };
  const before = await counts();
  const again = await openSeededDatabase({ dataDir });
  await again.close();
  expect(await counts()).toEqual(before);
  expect(before[2]).toBeGreaterThanOrEqual(30);
  expect(await db.value("PRAGMA journal_mode")).toBe("wal");
});
