import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import * as api from "#gateway/api/index.ts";
import { BATCH_PATH } from "#gateway/config.ts";
import { createRegistry } from "./app.ts";
import { CREATED_STATUS_PATHS } from "./system/handlers.ts";

const docs = readFileSync(join(import.meta.dirname, "../docs/protocol.md"), "utf8");
const calls = docs.slice(docs.indexOf("## 9. Calls"));
const documented = new Set([...calls.matchAll(/`(\/api\/[^`\s]+)`/g)].map((m) => m[1]!.toLowerCase()));
const served = createRegistry().paths().map((p) => p.toLowerCase());

it("documents every call the reference gateway serves, and serves every documented call", () => {
  // The batch is served beside the registry: it runs the registry's calls.
  expect([...documented].sort()).toEqual([...new Set([...served, BATCH_PATH.toLowerCase()])].sort());
});

it("matches the shared client's endpoints to the handlers one to one, with the same success status", () => {
  const endpoints = Object.values(api).flatMap((group) => Object.values(group as Record<string, unknown>)).filter((e): e is { path: string; expect: number } => typeof e === "object" && e !== null && "path" in e);
  // One endpoint per served call, and no more.
  expect(new Set(endpoints.map((e) => e.path.toLowerCase()))).toEqual(new Set(served));
  for (const e of endpoints) {
    expect(served, e.path).toContain(e.path.toLowerCase());
    expect(e.expect === 251, e.path).toBe(CREATED_STATUS_PATHS.some((p) => p.toLowerCase() === e.path.toLowerCase()));
  }
});
