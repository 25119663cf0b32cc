import { describe, expect, it } from "vitest";
import { accounts, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID, DEMO_LOCKED_VIDEO_PRICE } from "#server/content/seed.ts";
import { REUSED_REQUEST_ID } from "#server/wallet/idempotency.ts";
import { testClient, twoGatewayProcesses } from "../support/gateway.ts";

// A request id names one submission (decision 065): a repeat with the same fields answers the first answer, on
// either of two gateway processes on one database; one with other fields is refused and changes nothing.
const processes = twoGatewayProcesses();

let phoneSeq = 13600000000;
/** A new member with `coins`, signed in on both processes with the same token. */
async function member(coins = 0) {
  const phone = String(phoneSeq++);
  const { token } = await testClient(processes.gw.url).send(accounts.register, { phone, password: "right-pass1" });
  if (coins) {
    const db = processes.gw.openDb();
    try {
      await db.run("UPDATE users SET coins = ? WHERE phone = ?", [coins, phone]);
    } finally {
      await db.close();
    }
  }
  return { phone, token, first: testClient(processes.gw.url, { token }), other: testClient(processes.second.url, { token }) };
}

async function stored<T>(sql: string, params: unknown[]): Promise<T | undefined> {
  const db = processes.gw.openDb();
  try {
    return await db.value<T>(sql, params);
  } finally {
    await db.close();
  }
}

const postsOf = (phone: string) => stored<number>("SELECT COUNT(*) FROM items i JOIN users u ON u.id = i.creator_id WHERE u.phone = ? AND i.kind = 'post'", [phone]);

describe("a repeated request_id", () => {
  it("answers a repeat with the same fields on the other process with the first answer, once", async () => {
    const m = await member();
    const fields = { content: "周末去山里走了一圈，风景很好", request_id: "post-1" };
    const first = await m.first.request<{ post_id: number }>(video.requestFind.path, fields);
    expect(first.status).toBe(200);
    // Identity may differ on a resend (another device of the member, a fresher token would too); numbers may be
    // spelt as text: the same submission.
    const again = await testClient(processes.second.url, { token: m.token }).request<{ post_id: number }>(video.requestFind.path, { ...fields, content: ` ${fields.content} ` });
    expect(again).toMatchObject({ status: 200, data: first.data });
    expect(await postsOf(m.phone)).toBe(1);
  });

  it("refuses the same request_id with other fields on the other process, and changes nothing", async () => {
    const m = await member();
    const first = await m.first.request<{ post_id: number }>(video.requestFind.path, { content: "第一条帖子的内容在这里", request_id: "composer-1" });
    expect(first.status).toBe(200);
    const reused = await m.other.request(video.requestFind.path, { content: "第二条帖子，内容不同", request_id: "composer-1" });
    expect(reused).toMatchObject({ ok: false, status: REUSED_REQUEST_ID.status, msg: REUSED_REQUEST_ID.msg, data: null });
    expect(await postsOf(m.phone)).toBe(1);
    // Through the typed client it is an error with that message, never a success.
    await expect(m.first.send(video.requestFind, { content: "第二条帖子，内容不同", request_id: "composer-1" })).rejects.toThrow(REUSED_REQUEST_ID.msg);
    // The first answer still stands for its own fields, and the second post goes through under its own id.
    expect(await m.other.request(video.requestFind.path, { content: "第一条帖子的内容在这里", request_id: "composer-1" })).toMatchObject({ status: 200, data: first.data });
    expect((await m.other.request(video.requestFind.path, { content: "第二条帖子，内容不同", request_id: "composer-2" })).status).toBe(200);
    expect(await postsOf(m.phone)).toBe(2);
  });

  it("refuses a purchase under a used request_id for another item without charging, and a retry of the first still answers", async () => {
    const m = await member(100);
    const bought = await m.first.send(video.buyWithCoins, { id: DEMO_LOCKED_VIDEO_ID, request_id: "buy-1" });
    expect(bought).toMatchObject({ ok: true, data: { charged: 1 } });
    const coins = (await m.first.send(accounts.userInfo, undefined)).coins;
    expect(coins).toBe(100 - DEMO_LOCKED_VIDEO_PRICE);

    // A purchase call never throws: its outcome says it failed, with the message.
    const other = await m.other.send(video.buyWithCoins, { id: DEMO_FREE_VIDEO_ID, request_id: "buy-1" });
    expect(other).toMatchObject({ ok: false, status: REUSED_REQUEST_ID.status, msg: REUSED_REQUEST_ID.msg });
    expect((await m.other.send(accounts.userInfo, undefined)).coins).toBe(coins);
    expect(await m.other.send(video.buyWithCoins, { id: String(DEMO_LOCKED_VIDEO_ID) as unknown as number, request_id: "buy-1" })).toMatchObject({ ok: true, data: bought.data });
  });

  it("lets one of two different submissions racing under one request_id through the two processes happen, and refuses the other", async () => {
    const m = await member();
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? m.other : m.first).request(video.requestFind.path, { content: `同时发出的第 ${i} 条帖子内容`, request_id: "race-1" })),
    );
    expect(sent.filter((o) => o.status === 200)).toHaveLength(1);
    expect(sent.filter((o) => o.status === REUSED_REQUEST_ID.status && o.msg === REUSED_REQUEST_ID.msg)).toHaveLength(5);
    expect(await postsOf(m.phone)).toBe(1);
  });

  it("keeps request ids apart per member", async () => {
    const [a, b] = [await member(), await member()];
    expect((await a.first.request(video.requestFind.path, { content: "甲会员写的帖子内容", request_id: "same" })).status).toBe(200);
    expect((await b.other.request(video.requestFind.path, { content: "乙会员写的另一条内容", request_id: "same" })).status).toBe(200);
    expect([await postsOf(a.phone), await postsOf(b.phone)]).toEqual([1, 1]);
  });
});

