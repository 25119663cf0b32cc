import { describe, expect, it } from "vitest";
import { CREATED_STATUS_PATHS, ENDPOINTS } from "#gateway/api/contract.ts";
import { BATCH_PATH } from "#gateway/config.ts";
import type { Endpoint } from "#gateway/client.ts";
import { inReservedArea, readProtocolCalls, type Mark } from "../tests/support/protocol-doc.ts";
import { createRegistry } from "./app.ts";

const { product, extensions, reservedAreas } = readProtocolCalls();
const documented = [...product, ...extensions];
const registry = createRegistry();
const handlers = registry.paths().map((p) => registry.find(p)!);
const lower = (p: string) => p.toLowerCase();
// The batch is served beside the registry: it runs the registry's calls.
const served = new Set([...handlers.map((h) => lower(h.path)), lower(BATCH_PATH)]);

function marksOf(e: Endpoint<unknown, unknown, unknown>): Mark[] {
  const marks: Mark[] = [];
  if (e.expect === 251) marks.push("251");
  if (e.mode === "silent") marks.push("silent");
  if (e.shown) marks.push("shown");
  if (e.mode === "outcome") marks.push("never throws");
  if (e.repeat === "request_id") marks.push("request_id");
  if (e.repeat === "never") marks.push("no repeat");
  return marks;
}

describe("docs/protocol.md §9, the endpoints and the handlers", () => {
  it("documents each call once, spelled as served", () => {
    const paths = documented.map((c) => lower(c.path));
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
    for (const h of handlers) expect(documented.map((c) => c.path), "spelled as documented").toContain(h.path);
  });

  it("serves every documented call but those of reserved areas, and serves nothing undocumented", () => {
    const waiting = documented.filter((c) => !served.has(lower(c.path)));
    expect(waiting.filter((c) => !inReservedArea(c.path, reservedAreas)).map((c) => c.path)).toEqual([]);
    expect(waiting.filter((c) => !c.reserved).map((c) => c.path), "a call waiting for a later issue says so").toEqual([]);
    expect([...served].filter((p) => !documented.some((c) => lower(c.path) === p))).toEqual([]);
    // Extensions are ours: each is served.
    expect(extensions.filter((c) => !served.has(lower(c.path))).map((c) => c.path)).toEqual([]);
  });

  it("matches the shared client's endpoints to the handlers one to one, with the same success status", () => {
    expect(ENDPOINTS.map((e) => lower(e.path)).sort()).toEqual(handlers.map((h) => lower(h.path)).sort());
    for (const h of handlers) {
      expect(ENDPOINTS, h.path).toContain(h.endpoint);
      expect(h.status, h.path).toBe(h.endpoint.expect);
    }
  });

  it("documents each endpoint's marks: 251, silent, shown, never throws, request_id, no repeat", () => {
    for (const e of ENDPOINTS) {
      const doc = documented.find((c) => lower(c.path) === lower(e.path));
      expect(doc?.marks.sort(), e.path).toEqual(marksOf(e).sort());
    }
  });

  it("lists the 251 calls in getConfig from the endpoints", () => {
    expect([...CREATED_STATUS_PATHS].sort()).toEqual(documented.filter((c) => c.marks.includes("251") && !c.reserved).map((c) => c.path).sort());
  });
});
