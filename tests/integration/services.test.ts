import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, home, services } from "#gateway/api/index.ts";
import { addExchangeCodes } from "#server/wallet/exchange-codes.ts";
import { DEMO_MEMBER_CODE } from "#server/services/seed.ts";
import { addSupportMessage } from "#server/services/support.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// Issue 22's member services: exchange codes and invitations under concurrency, help, the support conversation,
// and who may call what.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

let phoneSeq = 13500000000;
async function member() {
  const c = testClient(gw.url);
  c.state.token = (await c.send(accounts.register, { phone: String(phoneSeq++), password: "secret123" })).token;
  return c;
}
const members = (n: number) => Promise.all(Array.from({ length: n }, () => member()));

async function withDb<T>(work: (db: ReturnType<TestGateway["openDb"]>) => Promise<T>): Promise<T> {
  const db = gw.openDb();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

describe("exchange codes", () => {
  it("gives a code once among 50 members redeeming it at the same time", async () => {
    await withDb((db) => addExchangeCodes(db, [{ code: "RACE50COINS", kind: "coins", amount: 30 }]));
    const all = await members(50);
    const outcomes = await Promise.all(all.map((c) => c.request(accounts.exchangeCode.path, { code: "race50coins" })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.msg))).toEqual(new Set(["该兑换码已被使用"]));
    await withDb(async (db) => {
      expect(await db.value("SELECT COUNT(*) FROM exchange_code_uses WHERE code = 'RACE50COINS'")).toBe(1);
      expect(await db.value("SELECT COUNT(*) FROM spending WHERE reason = 'exchange_code' AND coins = -30")).toBe(1);
    });
  });

  it("gives a per-member code once to each member, once however often one member sends it at the same time", async () => {
    const [a, b] = await members(2);
    const { code, amount } = DEMO_MEMBER_CODE;
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => a!.request(accounts.exchangeCode.path, { code })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.msg))).toEqual(new Set(["你已使用过该兑换码"]));
    const other = await b!.send(accounts.exchangeCode, { code });
    expect(other).toMatchObject({ kind: "vip", amount, vip: 1 });
    const uid = (await a!.send(accounts.userInfo, undefined)).uid;
    await withDb(async (db) => {
      const end = (await db.value<number>("SELECT vip_expires_at FROM users WHERE id = ?", [uid]))!;
      // One grant of `amount` days, not 50.
      expect((end - Date.now()) / 86_400_000).toBeLessThanOrEqual(amount);
      expect((end - Date.now()) / 86_400_000).toBeGreaterThan(amount - 0.1);
    });
  });

  it("answers a repeated request_id again without redeeming twice", async () => {
    const m = await member();
    await withDb((db) => addExchangeCodes(db, [{ code: "TWICE2", kind: "ticket", amount: 2 }]));
    const first = await m.send(accounts.exchangeCode, { code: "TWICE2", request_id: "ex-1" });
    const again = await m.send(accounts.exchangeCode, { code: "TWICE2", request_id: "ex-1" });
    expect(again).toEqual(first);
    expect((await m.send(accounts.myTickets, {})).total).toBe(2);
  });
});

describe("invitations", () => {
  it("binds once when a member sends several inviters' codes at the same time, and never their own", async () => {
    const inviters = await members(5);
    const codes = await Promise.all(inviters.map(async (c) => (await c.send(accounts.userInfo, undefined)).aff_code));
    const invited = await member();
    const own = (await invited.send(accounts.userInfo, undefined)).aff_code;
    expect((await invited.request(accounts.invitation.path, { aff_code: own }, { expect: 251 })).msg).toBe("不能填写自己的邀请码");
    const outcomes = await Promise.all([...codes, ...codes].map((aff_code) => invited.request(accounts.invitation.path, { aff_code }, { expect: 251 })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const bound = outcomes.find((o) => o.ok)!.data as { invite_by_code: string };
    expect((await invited.send(accounts.userInfo, undefined)).invite_by_code).toBe(bound.invite_by_code);
    const lists = await Promise.all(inviters.map((c) => c.send(accounts.inviteList, {})));
    expect(lists.map((l) => l.total).reduce((a, b) => a + b)).toBe(1);
  });
});

describe("help and support", () => {
  it("lists the help questions to anyone", async () => {
    const list = await testClient(gw.url).send(services.helpFeedbackList, undefined);
    expect(list.length).toBeGreaterThan(2);
    expect(list[0]).toEqual({ id: expect.any(Number), question: expect.any(String), answer: expect.any(String) });
  });

  it("keeps a member's conversation: their lines and the staff's, newest last, and the ones after an id", async () => {
    const m = await member();
    expect(await m.send(services.customerMessages, {})).toEqual({ list: [], poll_ms: expect.any(Number) });
    await expect(m.send(services.customerSend, { content: "  " })).rejects.toThrow("请输入消息内容或选择图片");
    await expect(m.send(services.customerSend, { images: ["javascript:alert(1)"] })).rejects.toThrow("图片应为上传后的地址");
    await expect(m.send(services.customerSend, { content: "x".repeat(services.MAX_SUPPORT_MESSAGE + 1) })).rejects.toThrow("消息最多");
    const sent = await m.send(services.customerSend, { content: "视频打不开", images: ["/uploads/images/202601/a.png"] });
    expect(sent).toMatchObject({ from_staff: 0, content: "视频打不开", images: [`${gw.url}/uploads/images/202601/a.png`] });
    const uid = (await m.send(accounts.userInfo, undefined)).uid;
    await withDb((db) => addSupportMessage(db, uid, true, "请切换线路后再试"));
    const newer = await m.send(services.customerMessages, { after_id: sent.id });
    expect(newer.list.map((l) => [l.from_staff, l.content])).toEqual([[1, "请切换线路后再试"]]);
    expect((await m.send(services.customerMessages, {})).list.map((l) => l.content)).toEqual(["视频打不开", "请切换线路后再试"]);
    // Another member sees none of it.
    expect((await (await member()).send(services.customerMessages, {})).list).toEqual([]);
  });
});

describe("who may call", () => {
  const visitorOnly = [
    [accounts.inviteList.path, {}],
    [accounts.invitation.path, { aff_code: "ABCDEF" }],
    [accounts.exchangeCode.path, { code: "DEMOCOINS100" }],
    [accounts.feedback.path, {}],
    [accounts.feeding.path, { content: "一条访客的反馈内容" }],
    [services.customerMessages.path, {}],
    [services.customerSend.path, { content: "你好" }],
  ] as const;

  it("answers 420 to a visitor on the member calls", async () => {
    const visitor = testClient(gw.url);
    for (const [path, fields] of visitorOnly) expect((await visitor.request(path, fields)).status, path).toBe(420);
  });

  it("answers the open calls to a visitor and a member alike", async () => {
    const [visitor, m] = [testClient(gw.url), await member()];
    for (const c of [visitor, m]) {
      expect((await c.send(services.helpFeedbackList, undefined)).length).toBeGreaterThan(0);
      expect((await c.send(home.appCenter, undefined)).length).toBeGreaterThan(0);
      expect((await c.send(accounts.fans, {})).total).toBe(0);
    }
  });
});
