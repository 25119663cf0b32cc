import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { endpoint, GatewayClient, outcomeEndpoint, silentEndpoint, type SessionInvalidInfo } from "./client.ts";
import { nodeCrypto } from "./crypto-node.ts";
import { openRequest, parseRequestBody, sealResponse, type ResponsePayload } from "./envelope.ts";
import { GatewayError } from "./errors.ts";
import { buildIdentity } from "./identity.ts";
import { pingAll, selectBaseLine } from "./lines.ts";
import { createWorkerEnvelope } from "./worker-envelope.ts";

const keys = { aesKey: "0123456789abcdef", aesIv: "fedcba9876543210", signSecret: "test-secret" };

// A real HTTP server whose answer each test scripts: the client is exercised over a real socket.
type Script = (fields: Record<string, unknown>, res: ServerResponse) => void;
let script: Script;
let received: Record<string, unknown>[] = [];
let line = "";
const server = createServer((req: IncomingMessage, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    if (req.url?.endsWith("?ping")) {
      const code = new URLSearchParams(body).get("code");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code }));
      return;
    }
    const fields = openRequest(parseRequestBody(body), keys, nodeCrypto);
    received.push(fields);
    script(fields, res);
  });
});

function answer(payload: ResponsePayload | null, opts: { errcode?: number; http?: number; secret?: string } = {}): Script {
  return (_fields, res) => {
    const env = sealResponse(payload, { ...keys, signSecret: opts.secret ?? keys.signSecret }, nodeCrypto, opts.errcode ?? 0);
    res.writeHead(opts.http ?? 200, { "content-type": "application/json" }).end(JSON.stringify(env));
  };
}

let token = "";
const toasts: string[] = [];
const shown: string[] = [];
const sessions: SessionInvalidInfo[] = [];
function client(timeoutMs = 2_000) {
  return new GatewayClient({
    config: { ...keys, timeoutMs, lines: [line] },
    crypto: nodeCrypto,
    identity: () => buildIdentity({ oauthId: "AAAAAAAAAAAAAAAAAAA_1700000000000", token }),
    onError: (m) => toasts.push(m),
    onSuccessMessage: (m) => shown.push(m),
    onSessionInvalid: (info) => sessions.push(info),
  });
}

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  line = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  token = "";
  toasts.length = 0;
  shown.length = 0;
  sessions.length = 0;
  received = [];
});

const get = endpoint<{ id: number }, { id: number }>("/api/thing/get");
const like = endpoint<{ id: number }, { liked: boolean }>("/api/thing/like", { expect: 251 });
const click = silentEndpoint<{ id: number }, null>("/api/thing/click");
const buy = outcomeEndpoint<{ id: number }, { paid: number }>("/api/thing/buy");
const join = endpoint<{ id: number }, { joined: number }>("/api/thing/join", { shown: true });
const post = endpoint<{ id: number }, { id: number }>("/api/thing/post", { expect: 251, shown: true });

describe("the success rule", () => {
  it("succeeds on HTTP 200, errcode 0, data and the expected status", async () => {
    script = answer({ status: 200, msg: "ok", data: { id: 7 } });
    await expect(client().send(get, { id: 7 })).resolves.toEqual({ id: 7 });
    expect(received[0]).toMatchObject({ id: 7, system_oauth_type: "pwa", system_version: "6.2.0" });
    expect(toasts).toEqual([]);
  });

  it("needs 251 where the endpoint says so, and rejects 200 there", async () => {
    script = answer({ status: 251, msg: "点赞成功", data: { liked: true } });
    await expect(client().send(like, { id: 1 })).resolves.toEqual({ liked: true });
    script = answer({ status: 200, msg: "已经点过赞", data: null });
    await expect(client().send(like, { id: 1 })).rejects.toMatchObject({ kind: "status", message: "已经点过赞" });
    expect(toasts).toEqual(["已经点过赞"]);
  });

  it("fails on a wrong status, a non-zero errcode, empty data, a bad sign and a non-200 HTTP", async () => {
    const cases: [Script, string][] = [
      [answer({ status: 500, msg: "服务器繁忙", data: null }), "status"],
      [answer({ status: 200, msg: "x", data: null }, { errcode: 3 }), "errcode"],
      [answer(null), "empty"],
      [answer({ status: 200, msg: "ok", data: {} }, { secret: "forged" }), "sign"],
      [answer({ status: 200, msg: "ok", data: {} }, { http: 502 }), "http"],
    ];
    for (const [s, kind] of cases) {
      script = s;
      const error = await client().send(get, { id: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).kind).toBe(kind);
    }
    expect(toasts).toHaveLength(cases.length);
  });

  it("applies the same rule when the envelope work is offloaded (the browser's path; inline here, no Worker)", async () => {
    const offloaded = new GatewayClient({
      config: { ...keys, timeoutMs: 2_000, lines: [line] },
      envelope: createWorkerEnvelope(keys),
      identity: () => buildIdentity({ oauthId: "AAAAAAAAAAAAAAAAAAA_1700000000000", token: "t1" }),
    });
    script = answer({ status: 200, msg: "ok", data: { id: 9 } });
    await expect(offloaded.send(get, { id: 9 })).resolves.toEqual({ id: 9 });
    expect(received[0]).toMatchObject({ id: 9, system_token: "t1" });
    script = answer({ status: 200, msg: "ok", data: {} }, { secret: "forged" });
    await expect(offloaded.send(get, { id: 1 })).rejects.toMatchObject({ kind: "sign" });
    script = (_f, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...sealResponse({ status: 200, msg: "", data: {} }, keys, nodeCrypto), data: "zz" }));
    await expect(offloaded.send(get, { id: 1 })).rejects.toMatchObject({ kind: "sign" });
  });

  it("keeps silent calls silent and never throws for purchase calls", async () => {
    script = answer({ status: 403, msg: "余额不足", data: null });
    await expect(client().send(click, { id: 1 })).resolves.toBeUndefined();
    expect(toasts).toEqual([]);
    const outcome = await client().send(buy, { id: 1 });
    expect(outcome).toMatchObject({ ok: false, status: 403, msg: "余额不足" });
    expect(toasts).toEqual(["余额不足"]);
  });

  it("shows a shown endpoint's success msg once, quiet sends and batches included, and nothing else's", async () => {
    script = answer({ status: 200, msg: "加入成功", data: { joined: 1 } });
    await expect(client().send(join, { id: 1 })).resolves.toEqual({ joined: 1 });
    await client().send(join, { id: 1 }, { quiet: true });
    expect(shown).toEqual(["加入成功", "加入成功"]);
    // Not shown: an endpoint without the mark, an empty msg, a failure (that one is an error toast).
    script = answer({ status: 200, msg: "ok", data: { id: 1 } });
    await client().send(get, { id: 1 });
    script = answer({ status: 200, msg: "", data: { joined: 1 } });
    await client().send(join, { id: 1 });
    script = answer({ status: 400, msg: "金币不足", data: null });
    await expect(client().send(join, { id: 1 })).rejects.toMatchObject({ message: "金币不足" });
    expect(shown).toEqual(["加入成功", "加入成功"]);
    expect(toasts).toEqual(["金币不足"]);
    // In a batch each call settles as alone: the shown one with 251 shows its msg.
    script = answer({ status: 200, msg: "ok", data: [{ status: 251, msg: "反馈已提交", data: { id: 3 } }, { status: 200, msg: "ok", data: { id: 4 } }] });
    const [a, b] = client().sendMany([
      { ep: post, input: { id: 3 } },
      { ep: get, input: { id: 4 } },
    ] as { ep: typeof get; input: unknown }[]);
    await expect(Promise.all([a, b])).resolves.toEqual([{ id: 3 }, { id: 4 }]);
    expect(shown).toEqual(["加入成功", "加入成功", "反馈已提交"]);
  });

  it("lets the identity token win over a caller's system_token", async () => {
    token = "real";
    script = answer({ status: 200, msg: "ok", data: { id: 1 } });
    await client().call("/api/thing/get", { system_token: "spoofed" });
    expect(received[0]!.system_token).toBe("real");
  });
});

describe("status 420", () => {
  it("reports a session with a token as invalid (the app logs out) and still rejects", async () => {
    token = "expired";
    script = answer({ status: 420, msg: "登录已失效", data: null });
    await expect(client().send(get, { id: 1 })).rejects.toMatchObject({ kind: "session" });
    expect(sessions).toEqual([{ hasToken: true, message: "登录已失效", path: "/api/thing/get" }]);
    expect(toasts).toEqual([]);
  });

  it("reports a visitor without a token (the app asks to log in)", async () => {
    script = answer({ status: 420, msg: "请先登录", data: null });
    await client().send(get, { id: 1 }).catch(() => undefined);
    expect(sessions).toEqual([{ hasToken: false, message: "请先登录", path: "/api/thing/get" }]);
  });
});

describe("transport errors", () => {
  it("tells a timeout from an abort, a network error and an unsupported protocol", async () => {
    script = () => undefined; // never answers
    await expect(client(100).call("/api/slow")).rejects.toMatchObject({ kind: "timeout", message: "timeout exceeded" });
    const controller = new AbortController();
    const pending = client().call("/api/slow", {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: "abort" });
    // A port nothing listens on: Node says why (the CLI prints it) after the runtime's own message.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const dead = client();
    dead.baseLine = `http://127.0.0.1:${port}`;
    await expect(dead.call("/api/x")).rejects.toMatchObject({ kind: "network", message: `Network Error: fetch failed (connect ECONNREFUSED 127.0.0.1:${port})` });
    const ftp = client();
    ftp.baseLine = "ftp://127.0.0.1";
    await expect(ftp.call("/api/x")).rejects.toMatchObject({ kind: "unsupported-protocol" });
  });

  it("words a call that got no answer in the user's language when given the messages, keeping the detail", async () => {
    const messages = { network: "网络连接失败，请检查网络后重试", timeout: "网络超时，请稍后重试" };
    const make = (timeoutMs: number) =>
      new GatewayClient({ config: { ...keys, timeoutMs, lines: [line] }, crypto: nodeCrypto, identity: () => buildIdentity({ oauthId: "AAAAAAAAAAAAAAAAAAA_1700000000000", token }), onError: (m) => toasts.push(m), transportMessages: messages });
    script = () => undefined; // never answers
    toasts.length = 0;
    await expect(make(100).call("/api/slow")).rejects.toMatchObject({ kind: "timeout", message: messages.timeout });
    const dead = make(2_000);
    dead.baseLine = "http://127.0.0.1:1";
    await expect(dead.call("/api/x")).rejects.toMatchObject({ kind: "network", message: messages.network, details: { data: expect.stringMatching(/^Network Error/) } });
    expect(toasts).toEqual([messages.timeout, messages.network]);
  });
});

describe("reachability", () => {
  it("reports after every call, silent ones included, whether any answer came", async () => {
    const seen: boolean[] = [];
    const c = new GatewayClient({
      config: { ...keys, timeoutMs: 100, lines: [line] },
      crypto: nodeCrypto,
      identity: () => buildIdentity({ oauthId: "AAAAAAAAAAAAAAAAAAA_1700000000000", token }),
      onReachability: (r) => seen.push(r),
    });
    const silent = silentEndpoint<void, unknown>("/api/thing/silent");
    c.baseLine = "http://127.0.0.1:1";
    await expect(c.send(silent, undefined)).resolves.toBeUndefined();
    script = () => undefined; // never answers
    c.baseLine = line;
    await c.call("/api/slow").catch(() => undefined);
    // Any answer counts, a failing one too.
    script = answer({ status: 500, msg: "服务器错误", data: null });
    await c.call("/api/x").catch(() => undefined);
    const controller = new AbortController();
    const aborted = c.call("/api/x", {}, { signal: controller.signal });
    controller.abort();
    await aborted.catch(() => undefined);
    expect(seen).toEqual([false, false, true]);
  });
});

describe("lines", () => {
  it("picks the line that answers, whatever its position", async () => {
    const dead = "http://127.0.0.1:1";
    await expect(selectBaseLine([dead, line])).resolves.toBe(line);
    const { reports, base } = await pingAll([dead, line]);
    expect(base).toBe(line);
    expect(reports.map((r) => r.ok)).toEqual([false, true]);
  });

  it("falls back to the first line when none answers", async () => {
    await expect(selectBaseLine(["http://127.0.0.1:1", "http://127.0.0.1:2"])).resolves.toBe("http://127.0.0.1:1");
  });
});

describe("string fields", () => {
  it("lists an endpoint's string fields, and the compiler asks for every one and no other", () => {
    const login = endpoint<{ phone: string; code?: "a" | "b"; id: number }, null>("/api/thing/login", { strings: { phone: true, code: true } });
    expect(login.strings).toEqual(["phone", "code"]);
    expect(get.strings).toEqual([]);
    // @ts-expect-error `code` is a string field too
    endpoint<{ phone: string; code?: string }, null>("/api/thing/a", { strings: { phone: true } });
    // @ts-expect-error `id` is a number
    endpoint<{ phone: string; id: number }, null>("/api/thing/b", { strings: { phone: true, id: true } });
    // @ts-expect-error an input with string fields names them
    endpoint<{ phone: string }, null>("/api/thing/c");
  });
});
