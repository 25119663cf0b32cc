import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "#server/app.ts";
import { openDatabase } from "#server/db/index.ts";
import { readSettings } from "#server/env.ts";
import { configFromEnv } from "#gateway/config.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { encodeRequestBody, sealRequest } from "#gateway/envelope.ts";
import { buildIdentity, createOAuthId } from "#gateway/identity.ts";
const dir = mkdtempSync(join(tmpdir(), "p-"));
const settings = readSettings({ LOG_LEVEL: "error", DATA_DIR: dir });
const app = createApp(openDatabase(dir), settings);
const keys = configFromEnv({});
const body = encodeRequestBody(sealRequest({ ...buildIdentity({ oauthId: createOAuthId() }), page: 1, limit: 20 }, keys, nodeCrypto));
const mk = (enc: boolean) => new Request("http://127.0.0.1/api/system/notice", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...(enc ? { "accept-encoding": "gzip" } : {}) }, body });
for (const enc of [false, true]) {
  for (let i = 0; i < 50; i++) await (await app.fetch(mk(enc))).arrayBuffer();
  const t0 = performance.now(); const N = 1000;
  for (let i = 0; i < N; i++) await (await app.fetch(mk(enc))).arrayBuffer();
  console.log(enc ? "gzip" : "plain", ((performance.now() - t0) / N).toFixed(3), "ms/req");
}
const r = await app.fetch(mk(false)); console.log("size", (await r.arrayBuffer()).byteLength);
