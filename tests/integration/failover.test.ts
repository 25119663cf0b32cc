import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accounts, home, video } from "#gateway/api/index.ts";
import { DEMO_LOCKED_VIDEO_ID, DEMO_LOCKED_VIDEO_PRICE } from "#server/content/seed.ts";
import { runCli } from "../support/cli.ts";
import { startDelayProxy } from "../support/delay-proxy.ts";
import { DEMO, startSiblingProcess, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { recordFetchHar } from "../support/har.ts";

// Two gateway processes on one database: line A, a process of its own that the tests kill, and line B, the test
// gateway in this process. The client and the CLI are given both lines, A first.
let gw: TestGateway;
let token = "";
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  token = (await testClient(gw.url).send(accounts.loginByPassword, DEMO)).token;
  dir = mkdtempSync(join(tmpdir(), "gw-failover-"));
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await gw?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function lineA() {
  const a = await startSiblingProcess(gw);
  children.push(a.child);
  return a;
}

/**
 * A line in front of a gateway that may die the worst way: `cut` passes a call on, lets the gateway do it, and
 * drops the connection instead of answering (then calls `onCut`, once). Pings pass; `pinged` resolves once one
 * has been answered.
 */
async function cuttingProxy(target: string, cut: (path: string, n: number) => boolean, onCut: () => Promise<void> = async () => {}) {
  const upstream = new URL(target);
  let n = 0;
  let cutOnce: Promise<void> | undefined;
  let answeredPing = () => {};
  const pinged = new Promise<void>((done) => (answeredPing = done));
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    const isCall = path.startsWith("/api/");
    if (path.includes("ping")) res.once("finish", answeredPing);
    const cutThis = isCall && cut(path, ++n);
    const up = request({ host: upstream.hostname, port: upstream.port, path, method: req.method, headers: req.headers }, (answer) => {
      if (!cutThis) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      answer.resume();
      answer.on("end", () => {
        res.socket?.destroy();
        cutOnce ??= onCut();
      });
    });
    up.on("error", () => res.socket?.destroy());
    req.pipe(up);
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pinged,
    close: () => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections())),
  };
}

/** A fetch that notes every call it sends (`origin path`), pings aside. */
function countingFetch() {
  const sent: string[] = [];
  const doFetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    if (!url.search.includes("ping")) sent.push(`${url.origin} ${url.pathname}`);
    return globalThis.fetch(input, init);
  }) as typeof fetch;
  return { fetch: doFetch, sent };
}

async function coins() {
  return (await testClient(gw.url, { token }).send(accounts.userInfo, undefined)).coins;
}

it("goes on reading on the other line when the first is killed mid-run, switching once", async () => {
  const a = await lineA();
  const switches: string[] = [];
  const client = testClient(a.url, { token, lines: [a.url, gw.url], onLineSwitch: (from, to, reason) => switches.push(`${from} ${to} ${reason}`) });
  const pages: number[] = [];
  for (let i = 0; i < 12; i++) {
    if (i === 4) await a.kill();
    const page = await client.send(home.list, { page: (i % 3) + 1, limit: 5 });
    pages.push(page.list.length);
  }
  expect(pages.every((n) => n === 5)).toBe(true);
  expect(switches).toEqual([`${a.url} ${gw.url} failover`]);
  expect(client.baseLine).toBe(gw.url);
  client.lines.dispose();
});

it("answers a buy and a gift cut off on the dying line with their first answers from the other: charged once", async () => {
  const a = await lineA();
  const proxy = await cuttingProxy(a.url, () => true, a.kill);
  const counted = countingFetch();
  const switches: string[] = [];
  const client = testClient(proxy.url, { token, lines: [proxy.url, gw.url], fetch: counted.fetch, onLineSwitch: (from, to) => switches.push(`${from} ${to}`) });
  const before = await coins();
  const gifts = await testClient(gw.url).send(video.giftList, undefined);
  const gift = gifts[0]!;

  const [bought, rewarded, liked] = await Promise.allSettled([
    client.send(video.buyWithCoins, { id: DEMO_LOCKED_VIDEO_ID }),
    client.send(video.rewardHer, { id: DEMO_LOCKED_VIDEO_ID, gift_id: gift.id }),
    // A toggle is not repeated: the member is told the line changed.
    client.send(video.like, { id: DEMO_LOCKED_VIDEO_ID }),
  ]);

  expect(bought.status === "fulfilled" && bought.value.ok && bought.value.data?.charged).toBe(1);
  expect(rewarded.status === "fulfilled" && rewarded.value.coins).toBe(before - DEMO_LOCKED_VIDEO_PRICE - gift.coins);
  expect(liked).toMatchObject({ status: "rejected", reason: { kind: "switched" } });
  expect(switches).toEqual([`${proxy.url} ${gw.url}`]);
  // Each call went to the dying line once; the buy and the gift once more to the other, the like never.
  const sentTo = (line: string) => counted.sent.filter((s) => s.startsWith(`${line} `)).map((s) => s.split(" ")[1]).sort();
  expect(sentTo(proxy.url)).toEqual(["/api/mvDetail/like", "/api/user/rewardHer", "/api/user/watchingMvByCoins"]);
  expect(sentTo(gw.url)).toEqual(["/api/user/rewardHer", "/api/user/watchingMvByCoins"]);

  expect(await coins()).toBe(before - DEMO_LOCKED_VIDEO_PRICE - gift.coins);
  const db = gw.openDb();
  try {
    const user = await db.get<{ id: number }>("SELECT id FROM users WHERE phone = ?", [DEMO.phone]);
    expect(await db.value("SELECT COUNT(*) FROM spending WHERE user_id = ? AND item_id = ? AND reason = 'buy_video'", [user!.id, DEMO_LOCKED_VIDEO_ID])).toBe(1);
    expect(await db.value("SELECT COUNT(*) FROM rewards WHERE user_id = ? AND item_id = ?", [user!.id, DEMO_LOCKED_VIDEO_ID])).toBe(1);
  } finally {
    await db.close();
  }
  client.lines.dispose();
  await proxy.close();
});

it("answers twins with one request_id, racing through two processes, with one answer: a gift charged once", async () => {
  const a = await lineA();
  const before = await coins();
  const gift = (await testClient(gw.url).send(video.giftList, undefined))[0]!;
  const clients = [testClient(a.url, { token }), testClient(gw.url, { token })];
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => clients[i % 2]!.send(video.rewardHer, { id: DEMO_LOCKED_VIDEO_ID, gift_id: gift.id, request_id: "twin-gift-1" })),
  );
  expect(new Set(answers.map((x) => x.coins))).toEqual(new Set([before - gift.coins]));
  expect(await coins()).toBe(before - gift.coins);
  await a.kill();
});

it("does not send a call twice that was in flight when the switch happened and got its answer", async () => {
  const a = await lineA();
  // The feed's answers are lost; a video's detail is slow but comes.
  const slow = await startDelayProxy(a.url, (path) => (path.toLowerCase().startsWith("/api/mvdetail/detail") ? 600 : 0));
  const proxy = await cuttingProxy(slow.url, (path) => path === "/api/mv/list");
  const counted = countingFetch();
  const client = testClient(proxy.url, { token, lines: [proxy.url, gw.url], fetch: counted.fetch });
  const detail = client.send(video.detail, { id: DEMO_LOCKED_VIDEO_ID });
  await new Promise((r) => setTimeout(r, 100));
  const lists = await Promise.all(Array.from({ length: 5 }, (_, i) => client.send(home.list, { page: i + 1, limit: 3 })));
  expect(client.baseLine).toBe(gw.url);
  expect((await detail).id).toBe(DEMO_LOCKED_VIDEO_ID);
  expect(lists.map((l) => l.page)).toEqual([1, 2, 3, 4, 5]);
  expect(counted.sent.filter((s) => s.endsWith("/api/MvDetail/detail"))).toEqual([`${proxy.url} /api/MvDetail/detail`]);
  expect(counted.sent.filter((s) => s === `${gw.url} /api/mv/list`)).toHaveLength(5);
  expect(counted.sent.filter((s) => s === `${proxy.url} /api/mv/list`)).toHaveLength(5);
  client.lines.dispose();
  await proxy.close();
  await slow.close();
  await a.kill();
});

it("the CLI moves to the other line, says so on stderr, and a gift sent again there is charged once", async () => {
  const a = await lineA();
  const proxy = await cuttingProxy(a.url, () => true, a.kill);
  // B answers pings only once A has answered one, so the CLI starts on A (a fixed delay loses on a loaded machine).
  const b = await startDelayProxy(gw.url, (path) => (path.includes("ping") ? proxy.pinged : 0));
  const before = await coins();
  const gift = (await testClient(gw.url).send(video.giftList, undefined))[0]!;
  const result = await runCli(["--lines", `${proxy.url},${b.url}`, "--json", "call", "/api/user/rewardHer", `id=${DEMO_LOCKED_VIDEO_ID}`, `gift_id=${gift.id}`, "--token", token], {
    env: { GW_HOME: dir },
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toContain(`line ${proxy.url} failed; moved to ${b.url}`);
  expect(JSON.parse(result.stdout)).toEqual({ coins: before - gift.coins });
  expect(await coins()).toBe(before - gift.coins);
  await proxy.close();
  await b.close();
});

it("gw replay: the same data answers the same, also when the first line dies mid-replay; changed data is reported", { timeout: 120_000 }, async () => {
  // A capture recorded from the client: a gift (a write), then reads: a feed, a video, the config, a batch, the
  // member's profile.
  const recorder = recordFetchHar();
  const client = testClient(gw.url, { token, fetch: recorder.fetch });
  await client.send(video.rewardHer, { id: DEMO_LOCKED_VIDEO_ID, gift_id: 1 });
  await client.send(home.list, { page: 1, limit: 5 });
  await client.send(video.detail, { id: DEMO_LOCKED_VIDEO_ID });
  await client.send(home.getConfig, undefined);
  await Promise.all(client.sendMany([{ ep: home.categories as never, input: {} }, { ep: home.ads as never, input: { position: "home" } }]));
  await client.send(accounts.userInfo, undefined);
  await client.send(home.list, { page: 2, limit: 5 });
  await client.send(video.comments, { id: DEMO_LOCKED_VIDEO_ID });
  const har = join(dir, "capture.har");
  writeFileSync(har, JSON.stringify(recorder.har()));

  const a = await lineA();
  const proxy = await cuttingProxy(a.url, (_path, n) => n > 3, a.kill);
  const b = await startDelayProxy(gw.url, (path) => (path.includes("ping") ? proxy.pinged : 0));
  const same = await runCli(["--lines", `${proxy.url},${b.url}`, "--json", "replay", har], { env: { GW_HOME: dir } });
  // The gift moved coins: skipped.
  expect(same.stderr).toContain(`moved to ${b.url}`);
  const report = JSON.parse(same.stdout) as { calls: { path: string; result: string; notes: string[] }[]; summary: Record<string, number> };
  expect(report.calls.filter((c) => c.result !== "same" && c.result !== "skipped"), same.stdout).toEqual([]);
  expect(report.calls.find((c) => c.path === "/api/user/rewardHer")?.result).toBe("skipped");
  expect(report.summary).toMatchObject({ same: 7, differs: 0, skipped: 1 });
  expect(same.code).toBe(0);
  await proxy.close();
  await b.close();

  const db = gw.openDb();
  try {
    await db.run("UPDATE items SET title = title || ' (changed)' WHERE id = ?", [DEMO_LOCKED_VIDEO_ID]);
  } finally {
    await db.close();
  }
  const changed = await runCli(["--lines", gw.url, "--json", "replay", har, "--ignore", "coins"], { env: { GW_HOME: dir } });
  expect(changed.code).toBe(1);
  const differs = (JSON.parse(changed.stdout) as typeof report).calls.filter((c) => c.result === "differs");
  expect(differs.map((c) => c.path)).toContain("/api/MvDetail/detail");
  expect(differs.find((c) => c.path === "/api/MvDetail/detail")?.notes).toContain("data.title");
  const table = await runCli(["--lines", gw.url, "replay", har], { env: { GW_HOME: dir } });
  expect(table.stdout).toMatch(/\/api\/MvDetail\/detail\s+DIFFERS/);
});
