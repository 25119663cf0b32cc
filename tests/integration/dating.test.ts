import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, dating } from "#gateway/api/index.ts";
import type { DatingCard } from "#gateway/api/dating.ts";
import { reviewApplication } from "#server/dating/certify.ts";
import { HIDE_AFTER_REPORTS, reviewReportedListing } from "#server/dating/listings.ts";
import { DEMO_DATING, SEEDED_LISTINGS } from "#server/dating/seed.ts";
import { DEMO, startSiblingProcess, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

let phoneSeq = 13600000000;
async function member(coins?: number) {
  const c = testClient(gw.url);
  const r = await c.send(accounts.register, { phone: String(phoneSeq++), password: "secret123" });
  c.state.token = r.token;
  if (coins !== undefined) await withDb((db) => db.run("UPDATE users SET coins = ? WHERE uuid = ?", [coins, r.uuid]));
  return c;
}

async function withDb<T>(fn: (db: ReturnType<TestGateway["openDb"]>) => Promise<T>): Promise<T> {
  const db = gw.openDb();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** The demo listing's id: the first certified one of the first area. */
async function demoListing(): Promise<DatingCard> {
  const page = await testClient(gw.url).send(dating.listFilter, { area_id: 1, certified: 1, limit: 50 });
  return page.list.find((l) => l.name === DEMO_DATING.name)!;
}

/** Every answer a caller gets about listings, as text: the contact details must not be in any before an unlock. */
async function everyAnswer(c: ReturnType<typeof testClient>, id: number): Promise<string> {
  const paths = [
    [dating.listFilter.path, { limit: 50 }],
    [dating.listFilter.path, { area_id: 1, certified: 1 }],
    [dating.listArea.path, {}],
    [dating.detail.path, { id }],
    [dating.listComment.path, { id }],
    [dating.listMyBuy.path, {}],
    [dating.listMyLike.path, {}],
    [dating.pageJoinUs.path, {}],
  ] as const;
  const answers = await Promise.all(paths.map(([path, fields]) => c.request(path, fields)));
  // Each answered (a visitor's member lists: 420), so there was something to look in.
  expect(answers.filter((a) => !a.ok && a.status !== 420).map((a) => `${a.path}: ${a.msg}`)).toEqual([]);
  expect(answers.filter((a) => a.ok).length).toBeGreaterThanOrEqual(c.state.token ? paths.length : paths.length - 2);
  return JSON.stringify(answers.map((a) => a.data ?? null));
}

describe("calls, as a visitor and as a member", () => {
  it("answers the guest calls to a visitor and 420 to the member calls", async () => {
    const visitor = testClient(gw.url);
    const { id } = await demoListing();
    expect((await visitor.send(dating.listArea, undefined)).map((a) => a.name)).toContain(DEMO_DATING.area);
    const all = await visitor.send(dating.listFilter, { limit: 50 });
    expect(all.total).toBe(SEEDED_LISTINGS);
    const detail = await visitor.send(dating.detail, { id });
    expect(detail).toMatchObject({ id, certified: 1, price: DEMO_DATING.price, contact: null, is_pay: 0, viewer: { is_member: 0 } });
    expect(detail.images.length).toBeGreaterThan(0);
    expect((await visitor.send(dating.listComment, { id })).list.length).toBeGreaterThan(0);
    expect(await visitor.send(dating.pageJoinUs, undefined)).toMatchObject({ application: null, terms: expect.any(Array) });
    for (const [path, fields] of [
      [dating.toggleLike.path, { id }],
      [dating.buy.path, { id }],
      [dating.listMyBuy.path, {}],
      [dating.listMyLike.path, {}],
      [dating.createComment.path, { id, rating: 5, content: "很好的一次见面" }],
      [dating.report.path, { id, type_id: 1 }],
      [dating.joinUs.path, { name: "张三" }],
    ] as const) {
      expect((await visitor.request(path, fields)).status, path).toBe(420);
    }
  });

  it("filters by area, price and certification, and sorts by price", async () => {
    const c = testClient(gw.url);
    const area = await c.send(dating.listFilter, { area_id: 2, limit: 50 });
    expect(area.list.length).toBeGreaterThan(0);
    expect(area.list.every((l) => l.area_id === 2)).toBe(true);
    const certified = await c.send(dating.listFilter, { certified: 1, limit: 50 });
    expect(certified.list.every((l) => l.certified === 1)).toBe(true);
    expect(certified.total).toBeLessThan(SEEDED_LISTINGS);
    const cheap = await c.send(dating.listFilter, { price_min: 0, price_max: 30, sort: "price", limit: 50 });
    expect(cheap.list.every((l) => l.price <= 30)).toBe(true);
    expect(cheap.list.map((l) => l.price)).toEqual([...cheap.list.map((l) => l.price)].sort((a, b) => a - b));
    expect((await c.request(dating.listFilter.path, { sort: "nope" })).status).toBe(400);
  });

  it("likes and lists liked listings", async () => {
    const c = await member();
    const { id } = await demoListing();
    expect(await c.send(dating.toggleLike, { id })).toMatchObject({ is_like: 1 });
    expect((await c.send(dating.listMyLike, {})).list.map((l) => l.id)).toEqual([id]);
    expect((await c.send(dating.detail, { id })).is_like).toBe(1);
    expect(await c.send(dating.toggleLike, { id })).toMatchObject({ is_like: 0 });
    expect((await c.send(dating.listMyLike, {})).total).toBe(0);
  });
});

describe("unlocking the contact details", () => {
  it("keeps the contact details out of every answer before the unlock, and shows them after", async () => {
    const c = await member(100);
    const { id } = await demoListing();
    expect(await everyAnswer(testClient(gw.url), id)).not.toContain(DEMO_DATING.contact);
    expect(await everyAnswer(c, id)).not.toContain(DEMO_DATING.contact);
    // The review needs an unlock first.
    expect((await c.request(dating.createComment.path, { id, rating: 5, content: "聊得很愉快，推荐" })).status).toBe(403);
    expect(await c.send(dating.createComment, { id, rating: 5, content: "聊得很愉快，推荐" })).toBeUndefined();

    const outcome = await c.send(dating.buy, { id });
    expect(outcome.ok).toBe(true);
    expect(outcome.data).toMatchObject({ charged: 1, coins_spent: DEMO_DATING.price, coins: 100 - DEMO_DATING.price, listing: { contact: DEMO_DATING.contact, is_pay: 1 } });
    expect((await c.send(dating.detail, { id })).contact).toBe(DEMO_DATING.contact);
    expect((await c.send(dating.listMyBuy, {})).list.map((l) => l.id)).toEqual([id]);
    // Still only the detail (and the buy) carry them: no list.
    const lists = await Promise.all([c.request(dating.listMyBuy.path, {}), c.request(dating.listFilter.path, { limit: 50 })]);
    expect(JSON.stringify(lists.map((l) => l.data))).not.toContain(DEMO_DATING.contact);
    // Another member still does not see them.
    expect(await everyAnswer(await member(), id)).not.toContain(DEMO_DATING.contact);

    const review = await c.send(dating.createComment, { id, rating: 4, content: "聊得很愉快，推荐" });
    expect(review).toMatchObject({ rating: 4, content: "聊得很愉快，推荐" });
    expect((await c.send(dating.listComment, { id })).list[0]!.id).toBe(review!.id);
    expect((await c.request(dating.createComment.path, { id, rating: 6, content: "聊得很愉快，推荐" })).status).toBe(400);
  });

  it("answers a failed buy without throwing: too few coins", async () => {
    const c = await member(0);
    const { id } = await demoListing();
    const outcome = await c.send(dating.buy, { id });
    expect(outcome.ok).toBe(false);
    expect(outcome.msg).toMatch(/金币不足/);
  });

  it("charges once for 50 concurrent unlocks of one listing through two gateway processes", async () => {
    const second = await startSiblingProcess(gw);
    try {
      const c = await member(500);
      const other = testClient(second.url, { token: c.state.token });
      const { id, price } = await demoListing();
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? other : c).send(dating.buy, { id, request_id: `race-${i}` })));
      expect(outcomes.filter((o) => !o.ok).map((o) => o.msg)).toEqual([]);
      expect(outcomes.filter((o) => o.data?.charged === 1)).toHaveLength(1);
      expect((await c.send(accounts.userInfo, undefined)).coins).toBe(500 - price);
      await withDb(async (db) => {
        const uid = await db.value("SELECT id FROM users WHERE phone = ?", [String(phoneSeq - 1)]);
        expect(await db.value("SELECT COUNT(*) FROM purchases WHERE user_id = ? AND item_id = ?", [uid, id])).toBe(1);
        expect(await db.value("SELECT COUNT(*) FROM spending WHERE user_id = ? AND item_id = ?", [uid, id])).toBe(1);
      });
    } finally {
      second.child.kill("SIGTERM");
    }
  });
});

describe("reports", () => {
  it(`hides a listing reported by ${HIDE_AFTER_REPORTS} members until it is reviewed`, async () => {
    const c = testClient(gw.url);
    const target = (await c.send(dating.listFilter, { area_id: 3, limit: 50 })).list.at(-1)!;
    for (let i = 0; i < HIDE_AFTER_REPORTS; i++) {
      const m = await member();
      // A second report by one member replaces the first: it does not count twice.
      await m.send(dating.report, { id: target.id, type_id: 1 });
      if (i === 0) await m.send(dating.report, { id: target.id, type_id: 2 });
      const shown = (await c.send(dating.listFilter, { area_id: 3, limit: 50 })).list.some((l) => l.id === target.id);
      expect(shown).toBe(i < HIDE_AFTER_REPORTS - 1);
    }
    expect((await c.request(dating.detail.path, { id: target.id })).status).toBe(404);
    expect((await (await member(500)).send(dating.buy, { id: target.id })).ok).toBe(false);
    await withDb((db) => reviewReportedListing(db, target.id, true));
    expect((await c.send(dating.detail, { id: target.id })).id).toBe(target.id);
  });
});

describe("certification", () => {
  it("refuses each bad field with the product's message, and shows the application's state", async () => {
    const c = await member();
    const good = { name: "李四", phone: "13912345678", area_id: 1, address: "示例路 1 号", images: ["/uploads/images/2026/11/27/photo.png"], adult: 1, consent: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, name: " " }, "请填写姓名"],
      [{ ...good, name: "李" }, "请填写真实姓名（至少 2 个字）"],
      [{ ...good, name: "李".repeat(21) }, "姓名最多 20 个字"],
      [{ ...good, phone: "12345" }, "请填写正确的手机号"],
      [{ ...good, area_id: "" }, "请选择地区"],
      [{ ...good, address: "" }, "请填写地址"],
      [{ ...good, address: "示" }, "请填写详细地址（至少 5 个字）"],
      [{ ...good, address: "示例路1" }, "请填写详细地址（至少 5 个字）"],
      [{ ...good, images: [] }, "请上传至少一张本人近照"],
      [{ ...good, images: undefined }, "请上传至少一张本人近照"],
    ];
    for (const [fields, message] of cases) {
      const r = await c.request(dating.joinUs.path, fields);
      expect(r.status).toBe(400);
      expect(r.msg).toBe(message);
    }
    const all = await c.request(dating.joinUs.path, { adult: 1, consent: 1 });
    expect(all.msg).toBe("请填写姓名；请填写正确的手机号；请选择地区；请填写地址；请上传至少一张本人近照");
    expect((await c.request(dating.joinUs.path, { ...good, adult: 0 })).status).toBe(400);
    expect((await c.request(dating.joinUs.path, { ...good, consent: 0 })).status).toBe(400);

    const app = await c.send(dating.joinUs, good);
    expect(app).toMatchObject({ status: "submitted", name: "李四", area: DEMO_DATING.area });
    expect((await c.request(dating.joinUs.path, good)).msg).toMatch(/审核中/);
    await withDb((db) => reviewApplication(db, app.id, { approve: false, reason: "照片不清晰" }));
    expect((await c.send(dating.pageJoinUs, undefined)).application).toMatchObject({ status: "rejected", reason: "照片不清晰" });

    const again = await c.send(dating.joinUs, good);
    await withDb((db) => reviewApplication(db, again.id, { approve: true }));
    expect((await c.send(dating.pageJoinUs, undefined)).application).toMatchObject({ status: "approved", reason: "" });
    const mine = (await c.send(dating.listFilter, { area_id: 1, certified: 1, limit: 50 })).list.find((l) => l.name === "李四");
    expect(mine).toBeDefined();
    // The applicant's phone became the contact: not shown before an unlock either.
    expect(JSON.stringify(await testClient(gw.url).send(dating.detail, { id: mine!.id }))).not.toContain(good.phone);
  });
});

it("lets the demo member in", async () => {
  const c = testClient(gw.url);
  c.state.token = (await c.send(accounts.loginByPassword, DEMO)).token;
  expect((await c.send(dating.listMyBuy, {})).total).toBe(0);
});
