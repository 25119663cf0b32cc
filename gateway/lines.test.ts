import { afterEach, describe, expect, it, vi } from "vitest";
import { endpoint, GatewayClient, outcomeEndpoint } from "./client.ts";
import { nodeCrypto } from "./crypto-node.ts";
import { openRequest, parseRequestBody, sealResponse } from "./envelope.ts";
import { buildIdentity } from "./identity.ts";
import { LineSwitch } from "./lines.ts";

const keys = { aesKey: "0123456789abcdef", aesIv: "fedcba9876543210", signSecret: "test-secret" };
const A = "http://line-a.test";
const B = "http://line-b.test";
const C = "http://line-c.test";

/**
 * Lines without sockets: a dead line refuses every request as fetch does ("fetch failed"); a live one answers
 * pings and echoes a call's fields. Counts what each line received.
 */
function fakeLines(dead: Set<string>) {
  const pings: string[] = [];
  const calls: { line: string; fields: Record<string, unknown> }[] = [];
  const doFetch = (async (url: string, init?: RequestInit) => {
    const { origin, search } = new URL(url);
    await new Promise((r) => setTimeout(r, 5));
    if (init?.signal?.aborted) throw new DOMException("aborted", "AbortError");
    if (dead.has(origin)) throw new TypeError("fetch failed");
    const body = String(init?.body ?? "");
    if (search === "?ping") {
      pings.push(origin);
      return Response.json({ code: new URLSearchParams(body).get("code"), msg: "pong" });
    }
    const fields = openRequest(parseRequestBody(body), keys, nodeCrypto);
    calls.push({ line: origin, fields });
    return Response.json(sealResponse({ status: 200, msg: "ok", data: { line: origin, request_id: fields.request_id ?? null } }, keys, nodeCrypto));
  }) as typeof fetch;
  return { fetch: doFetch, pings, calls };
}

function makeClient(lines: string[], fake: ReturnType<typeof fakeLines>, extra: Partial<ConstructorParameters<typeof GatewayClient>[0]> = {}) {
  return new GatewayClient({
    config: { ...keys, timeoutMs: 1_000, lines },
    crypto: nodeCrypto,
    fetch: fake.fetch,
    identity: () => buildIdentity({ oauthId: "AAAAAAAAAAAAAAAAAAA_1700000000000", token: "" }),
    ...extra,
  });
}

const read = endpoint<{ n: number }, { line: string }>("/api/thing/read");
const toggle = endpoint<{ n: number }, { line: string }>("/api/thing/toggle", { repeat: "never" });
const buy = outcomeEndpoint<{ id: number; request_id?: string }, { line: string; request_id: string }>("/api/thing/buy", { repeat: "request_id", strings: { request_id: true } });

afterEach(() => {
  vi.useRealTimers();
});

describe("failover", () => {
  it("moves once however many calls fail together, and sends each read again once on the new line", async () => {
    const dead = new Set([A]);
    const fake = fakeLines(dead);
    const switches: string[] = [];
    const client = makeClient([A, B, C], fake, { onLineSwitch: (from, to, reason) => switches.push(`${from}→${to} ${reason}`) });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => client.send(read, { n })));

    expect(answers.every((a) => a.line === B || a.line === C)).toBe(true);
    expect(switches).toHaveLength(1);
    // One ping round: B and C once each (the slower one is cut short, or answers once).
    expect(fake.pings.filter((l) => l === B).length).toBeLessThanOrEqual(1);
    expect(fake.pings.length).toBeLessThanOrEqual(2);
    // Every call arrived once, on the new base, and nowhere else.
    const seen = fake.calls.map((c) => c.fields.n).sort((x, y) => Number(x) - Number(y));
    expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(new Set(fake.calls.map((c) => c.line))).toEqual(new Set([client.baseLine]));
    client.lines.dispose();
  });

  it("sends a write again with the same request_id, and gives every such call one", async () => {
    const fake = fakeLines(new Set([A]));
    const client = makeClient([A, B], fake);
    const outcome = await client.send(buy, { id: 7 });
    expect(outcome.ok).toBe(true);
    expect(outcome.data?.line).toBe(B);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.fields.request_id).toMatch(/^[0-9a-f]{32}$/);
    // A caller's own request id is kept.
    const mine = await client.send(buy, { id: 7, request_id: "mine-1" });
    expect(mine.data?.request_id).toBe("mine-1");
    client.lines.dispose();
  });

  it("does not send a write that a repeat would do again: it says the line changed", async () => {
    const fake = fakeLines(new Set([A]));
    const client = makeClient([A, B], fake, { transportMessages: { network: "网络连接失败", timeout: "网络超时", switched: "线路已切换，请重试" } });
    await expect(client.send(toggle, { n: 1 })).rejects.toMatchObject({ kind: "switched", message: "线路已切换，请重试" });
    expect(fake.calls).toHaveLength(0);
    expect(client.baseLine).toBe(B);
    // The next call goes to the new line straight away.
    await expect(client.send(toggle, { n: 2 })).resolves.toMatchObject({ line: B });
    client.lines.dispose();
  });

  it("keeps the base and fails as before when no other line answers", async () => {
    const fake = fakeLines(new Set([A, B]));
    const client = makeClient([A, B], fake);
    await expect(client.send(read, { n: 1 })).rejects.toMatchObject({ kind: "network" });
    expect(client.baseLine).toBe(A);
  });

  it("does not fail over a call its caller aborted", async () => {
    const fake = fakeLines(new Set());
    const client = makeClient([A, B], fake);
    const controller = new AbortController();
    controller.abort();
    await expect(client.send(read, { n: 1 }, { signal: controller.signal })).rejects.toMatchObject({ kind: "abort" });
    expect(fake.pings).toEqual([]);
  });
});

describe("LineSwitch", () => {
  it("shares one switch between the calls that fail together, and the calls that start meanwhile wait for it", async () => {
    const fake = fakeLines(new Set([A]));
    const lines = new LineSwitch([A, B], { fetch: fake.fetch });
    const [x, y, z] = await Promise.all([lines.failedOn(A), lines.failedOn(A), lines.current()]);
    expect([x, y, z]).toEqual([B, B, B]);
    expect(fake.pings).toEqual([B]);
    // A late failure on the old line learns the new base without pinging again.
    await expect(lines.failedOn(A)).resolves.toBe(B);
    expect(fake.pings).toEqual([B]);
    lines.dispose();
  });

  it("pings a failed line again after the rest, and uses it again once it answers", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const dead = new Set([A]);
    const fake = fakeLines(dead);
    const switches: string[] = [];
    const lines = new LineSwitch([A, B], { fetch: fake.fetch, recheckMs: 60_000, onSwitch: (from, to, reason) => switches.push(`${from}→${to} ${reason}`) });
    const moving = lines.failedOn(A);
    await vi.advanceTimersByTimeAsync(10);
    await expect(moving).resolves.toBe(B);
    // Still down after a minute: another minute's rest.
    await vi.advanceTimersByTimeAsync(60_010);
    expect(lines.base).toBe(B);
    dead.delete(A);
    await vi.advanceTimersByTimeAsync(60_010);
    expect(lines.base).toBe(A);
    expect(switches).toEqual([`${A}→${B} failover`, `${B}→${A} recovered`]);
    lines.dispose();
  });
});
