import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, home, video } from "#gateway/api/index.ts";
import type { Endpoint } from "#gateway/client.ts";
import { BATCH_PATH, configFromEnv, MAX_BATCH_CALLS } from "#gateway/config.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { encodeRequestBody, sealRequest } from "#gateway/envelope.ts";
import { buildIdentity, createOAuthId } from "#gateway/identity.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { runCli } from "../support/cli.ts";
import { DEMO, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

async function demo() {
  const c = testClient(gw.url);
  c.state.token = (await c.send(accounts.loginByPassword, DEMO)).token;
  return c;
}

type AnyEndpoint = Endpoint<unknown, unknown, unknown>;
const call = <I, O, R>(ep: Endpoint<I, O, R>, input: I) => ({ ep: ep as unknown as AnyEndpoint, input });

describe("batches", () => {
  it("answers each call of a batch as the same call alone would", async () => {
    const c = testClient(gw.url);
    const alone = [await c.send(home.getConfig, undefined), await c.send(home.ads, { position: "home" }), await c.send(home.categories, { section: "porn" })];
    const outcomes = await c.requestMany([
      { path: home.getConfig.path },
      { path: home.ads.path, fields: { position: "home" } },
      { path: home.categories.path, fields: { section: "porn" } },
    ]);
    expect(outcomes.map((o) => [o.path, o.ok, o.status])).toEqual([
      ["/api/home/getConfig", true, 200],
      ["/api/system/getad", true, 200],
      ["/api/tab/listv1", true, 200],
    ]);
    expect(outcomes.map((o) => o.data)).toEqual(alone);
    // The batch is one signed envelope like any other call.
    expect(outcomes[0]!.signValid).toBe(true);
  });

  it("settles each call as `send` would: data, a rejection with its own message, undefined for a silent one, an outcome for a purchase", async () => {
    const guest = testClient(gw.url);
    const [detail, tickets, click, buy] = guest.sendMany([
      call(video.detail, { id: DEMO_FREE_VIDEO_ID }),
      call(accounts.myTickets, { page: 1, limit: 10 }),
      call(home.adClick, { id: 999_999 }),
      call(video.buyWithCoins, { id: DEMO_LOCKED_VIDEO_ID }),
    ]);
    expect(await detail).toMatchObject({ id: DEMO_FREE_VIDEO_ID });
    // A member-only call answers 420 in its place; the others stand.
    await expect(tickets).rejects.toMatchObject({ kind: "session", message: "请先登录", details: { path: "/api/user/myMvTicket", status: 420 } });
    expect(await click).toBeUndefined();
    expect(await buy).toMatchObject({ ok: false, path: "/api/user/watchingMvByCoins", status: 420 });
  });

  it("runs the calls in order, as the batch's caller, and keeps what they change", async () => {
    const member = await demo();
    const before = await member.send(video.detail, { id: DEMO_FREE_VIDEO_ID });
    const [like, after] = member.sendMany([call(video.like, { id: DEMO_FREE_VIDEO_ID }), call(video.detail, { id: DEMO_FREE_VIDEO_ID })]);
    const liked = (await like) as { is_like: number; like_count: number };
    expect(liked.is_like).toBe(before.is_like ? 0 : 1);
    // The detail ran after the like, in the same batch.
    expect(((await after) as typeof before).is_like).toBe(liked.is_like);
    expect((await member.send(video.detail, { id: DEMO_FREE_VIDEO_ID })).is_like).toBe(liked.is_like);
  });

  it("takes who is calling from the batch, never from a call's own fields", async () => {
    const member = await demo();
    const guest = testClient(gw.url);
    const [info] = await guest.requestMany([{ path: accounts.userInfo.path, fields: { system_token: member.state.token } }]);
    expect(info!.ok).toBe(true);
    expect((info!.data as { phone: string }).phone).toBe("");
  });

  it("answers a call it cannot run in its place: an unknown path, a batch inside a batch, bad input", async () => {
    const c = testClient(gw.url);
    const outcomes = await c.requestMany([
      { path: "/api/nope/nothing" },
      { path: BATCH_PATH, fields: { calls: [{ path: home.getConfig.path }] } },
      { path: video.detail.path, fields: { id: "abc" } },
      { path: home.getConfig.path },
    ]);
    expect(outcomes.map((o) => [o.ok, o.status])).toEqual([
      [false, 404],
      [false, 400],
      [false, 400],
      [true, 200],
    ]);
    expect(outcomes[1]!.msg).toBe("批量调用不能嵌套");
    expect(outcomes[2]!.msg).toMatch(/id/);
  });

  it("refuses a batch that is not a list of calls, or too long, naming what is wrong", async () => {
    const c = testClient(gw.url);
    const tooMany = Array.from({ length: MAX_BATCH_CALLS + 1 }, () => ({ path: home.getConfig.path, data: {} }));
    for (const [fields, msg] of [
      [{}, /calls/],
      [{ calls: "getConfig" }, /calls/],
      [{ calls: [] }, /calls/],
      [{ calls: [{ path: 7 }] }, /path/],
      [{ calls: [{ path: home.getConfig.path, data: [1] }] }, /data/],
      [{ calls: tooMany }, new RegExp(`最多 ${MAX_BATCH_CALLS} 个`)],
    ] as const) {
      const outcome = await c.request(BATCH_PATH, fields);
      expect(outcome, JSON.stringify(fields)).toMatchObject({ ok: false, status: 400 });
      expect(outcome.msg).toMatch(msg);
    }
    // The client will not send more than a batch takes.
    await expect(c.requestMany(tooMany.map((t) => ({ path: t.path })))).rejects.toThrow(RangeError);
  });

  it("rejects a batch with a bad sign like any call, and keeps serving", async () => {
    const config = configFromEnv({}, { lines: [gw.url] });
    const plain = { ...buildIdentity({ oauthId: createOAuthId(), token: "" }), calls: [{ path: home.getConfig.path }] };
    const sealed = sealRequest(plain, config, nodeCrypto);
    const res = await fetch(`${gw.url}${BATCH_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: encodeRequestBody({ ...sealed, sign: "0".repeat(32) }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ errcode: 1002 });
    expect((await testClient(gw.url).requestMany([{ path: home.getConfig.path }]))[0]!.ok).toBe(true);
  });

  it("fails every call of a batch with the transport's error when no answer comes", async () => {
    const c = testClient("http://127.0.0.1:1");
    const settled = await Promise.allSettled(c.sendMany([call(home.getConfig, undefined), call(home.ads, { position: "home" })]));
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
    for (const [i, path] of ["/api/home/getConfig", "/api/system/getad"].entries()) {
      expect((settled[i] as PromiseRejectedResult).reason).toMatchObject({ kind: "network", details: { path } });
    }
  });

  it("is a call the CLI can make", async () => {
    const gwHome = mkdtempSync(join(tmpdir(), "gw-batch-cli-"));
    try {
      const calls = `calls=[{"path":"/api/tab/listv1","data":{"section":"aw"}},{"path":"/api/system/getad","data":{"position":"home"}}]`;
      const result = await runCli(["--lines", gw.url, "call", BATCH_PATH, calls], { env: { GW_HOME: gwHome } });
      expect(result.code, result.stderr).toBe(0);
      const answers = JSON.parse(result.stdout) as { status: number; data: unknown }[];
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0]!.data).toEqual(await testClient(gw.url).send(home.categories, { section: "aw" }));
    } finally {
      rmSync(gwHome, { recursive: true, force: true });
    }
  });
});
