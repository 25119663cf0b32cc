import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, audio, circle, comics, dating, games, home, news, novels, orders, pictures, video } from "#gateway/api/index.ts";
import { DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { DEMO_GAME } from "#server/resources/games/seed.ts";
import { DEMO_PICTURE_SET } from "#server/resources/pictures/seed.ts";
import { sandboxNotification, signFields } from "#server/wallet/sandbox-provider.ts";
import { settleWithdrawal } from "#server/wallet/withdrawals.ts";
import { sqlOn } from "../support/admin.ts";
import { entryArgs } from "../support/entries.ts";
import { REPO_ROOT, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// Top-ups through the sandbox provider, agent income, withdrawals (decisions 037, 038), on SQLite and PostgreSQL.

const SECRET = "dev-sandbox-secret";
const DAY_MS = 86_400_000;
const COINS_300 = 2; // 300 coins and 30 more, 30.00 yuan
const VIP_MONTH = 11; // 30 days, 30.00 yuan

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const sql = <T = Record<string, unknown>>(text: string, ...args: unknown[]) => sqlOn<T>(gw, text, ...args);

let phoneSeq = 13600000000;
async function member(set: Record<string, number> = {}) {
  const c = testClient(gw.url);
  const r = await c.send(accounts.register, {
    phone: String(phoneSeq++),
    password: "secret123",
  });
  c.state.token = r.token;
  const [row] = await sql<{ id: number }>("SELECT id FROM users WHERE uuid = ?", r.uuid);
  const id = row!.id;
  for (const [column, value] of Object.entries(set)) await sql(`UPDATE users SET ${column} = ? WHERE id = ?`, value, id);
  return Object.assign(c, { id });
}

const userRow = async (id: number) =>
  (
    await sql<{
      coins: number;
      frozen_coins: number;
      tui_coins_cents: number;
      total_tui_coins_cents: number;
      frozen_tui_cents: number;
      vip_expires_at: number;
    }>("SELECT coins, frozen_coins, tui_coins_cents, total_tui_coins_cents, frozen_tui_cents, vip_expires_at FROM users WHERE id = ?", id)
  )[0]!;

async function notify(fields: Record<string, string>) {
  const res = await fetch(`${gw.url}/payments/sandbox/notify`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

async function order(c: ReturnType<typeof testClient>, productId: number) {
  const paying = await c.send(orders.createPaying, {
    product_id: productId,
    pay_method: "alipay",
  });
  const [row] = await sql<{ amount_cents: number }>("SELECT amount_cents FROM orders WHERE order_no = ?", paying.order_no);
  return { ...paying, amountCents: row!.amount_cents };
}

const paid = (o: { order_no: string; amountCents: number }, tradeNo = "T1") =>
  sandboxNotification(SECRET, {
    orderNo: o.order_no,
    amountCents: o.amountCents,
    paid: true,
    tradeNo,
  });

describe("top-ups through the sandbox provider", () => {
  it("lists coin packages and VIP plans with their payment methods", async () => {
    const list = await testClient(gw.url).send(orders.productList, undefined);
    expect(list.coins.length).toBeGreaterThan(0);
    expect(list.vip.length).toBeGreaterThan(0);
    const p = list.coins.find((x) => x.id === COINS_300)!;
    expect(p).toMatchObject({
      kind: "coins",
      price: "30.00",
      price_cents: 3000,
      coins: 330,
      bonus_coins: 30,
    });
    expect(p.pay_methods.map((m) => m.code)).toContain("alipay");
  });

  it("credits once when the paid callback comes 20 times at once", async () => {
    const c = await member({ coins: 5 });
    const o = await order(c, COINS_300);
    expect(o.pay_url).toMatch(new RegExp(`^${gw.url}/sandbox/pay\\?`));
    const page = await fetch(o.pay_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("¥30.00");
    expect((await c.send(orders.orderList, { order_no: o.order_no })).list[0]!.status).toBe("pending");

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => notify(paid(o, `T${i}`))));
    expect(answers.map((a) => a.text)).toEqual(Array(20).fill("success"));

    expect((await userRow(c.id)).coins).toBe(5 + 330);
    expect(await sql("SELECT id FROM spending WHERE user_id = ? AND reason = 'recharge'", c.id)).toHaveLength(1);
    const record = (await c.send(orders.orderList, {})).list[0]!;
    expect(record).toMatchObject({
      order_no: o.order_no,
      status: "paid",
      amount: "30.00",
      coins: 330,
    });
    expect(record.paid_at).not.toBe("");
    const [movement] = (await c.send(orders.coinsDetail, {})).list;
    expect(movement).toMatchObject({
      coins: 330,
      reason: "recharge",
      title: "充值",
      balance_after: 335,
    });
  });

  it("refuses a forged or wrong-amount callback and credits nothing", async () => {
    const c = await member();
    const o = await order(c, COINS_300);
    const forged = { ...paid(o), sign: "0".repeat(64) };
    expect(await notify(forged)).toEqual({ status: 400, text: "fail" });
    const otherSecret = sandboxNotification("not-the-secret", {
      orderNo: o.order_no,
      amountCents: o.amountCents,
      paid: true,
      tradeNo: "X",
    });
    expect((await notify(otherSecret)).status).toBe(400);
    const cheap = sandboxNotification(SECRET, {
      orderNo: o.order_no,
      amountCents: 1,
      paid: true,
      tradeNo: "X",
    });
    expect(await notify(cheap)).toEqual({ status: 400, text: "fail" });
    const tampered = { ...paid(o), amount: "1" };
    expect((await notify(tampered)).status).toBe(400);
    const unknown = sandboxNotification(SECRET, {
      orderNo: "P-none",
      amountCents: 3000,
      paid: true,
      tradeNo: "X",
    });
    expect((await notify(unknown)).status).toBe(400);
    expect((await userRow(c.id)).coins).toBe(0);
    expect((await c.send(orders.orderList, {})).list[0]!.status).toBe("pending");
    // The genuine one still pays.
    expect((await notify(paid(o))).text).toBe("success");
    expect((await userRow(c.id)).coins).toBe(330);
  });

  it("extends VIP from the later of now and the current end", async () => {
    const later = Date.now() + 10 * DAY_MS;
    const current = await member({ vip_expires_at: later });
    const lapsed = await member({ vip_expires_at: Date.now() - 5 * DAY_MS });
    expect((await lapsed.send(accounts.userInfo, undefined)).vip).toBe(0);
    const before = Date.now();
    for (const c of [current, lapsed]) expect((await notify(paid(await order(c, VIP_MONTH)))).text).toBe("success");
    expect((await userRow(current.id)).vip_expires_at).toBe(later + 30 * DAY_MS);
    const l = await userRow(lapsed.id);
    expect((await lapsed.send(accounts.userInfo, undefined)).vip).toBe(1);
    expect(l.vip_expires_at).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(l.vip_expires_at).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it("pays agent income once per order, to the inviter and the inviter's inviter only", async () => {
    const top = await member();
    const grand = await member({ invited_by: top.id });
    const parent = await member({ invited_by: grand.id });
    const payer = await member({ invited_by: parent.id });
    const o = await order(payer, COINS_300); // 30.00 yuan
    await Promise.all(Array.from({ length: 5 }, () => notify(paid(o))));

    expect((await userRow(parent.id)).tui_coins_cents).toBe(600); // 20 %
    expect((await userRow(parent.id)).total_tui_coins_cents).toBe(600);
    expect((await userRow(grand.id)).tui_coins_cents).toBe(150); // 5 %
    expect((await userRow(top.id)).tui_coins_cents).toBe(0);
    expect(await sql("SELECT level, user_id FROM agent_income WHERE from_user_id = ? ORDER BY level", payer.id)).toEqual([
      { level: 1, user_id: parent.id },
      { level: 2, user_id: grand.id },
    ]);
    const home = await parent.send(orders.proxyIndex, undefined);
    expect(home).toMatchObject({
      tui_coins: "6.00",
      total_tui_coins: "6.00",
      invited_total: 1,
    });
    expect(home.levels).toEqual([
      { level: 1, percent: "20.00", members: 1, income: "6.00" },
      { level: 2, percent: "5.00", members: 0, income: "0.00" },
    ]);
    expect(home.income[0]).toMatchObject({
      level: 1,
      order_amount: "30.00",
      amount: "6.00",
    });
    expect((await grand.send(orders.proxyIndex, undefined)).levels[1]).toMatchObject({ members: 1, income: "1.50" });
    // A failed order earns nothing.
    const failed = await order(payer, COINS_300);
    expect(
      (
        await notify(
          sandboxNotification(SECRET, {
            orderNo: failed.order_no,
            amountCents: failed.amountCents,
            paid: false,
            tradeNo: "F",
          }),
        )
      ).text,
    ).toBe("success");
    expect((await userRow(parent.id)).tui_coins_cents).toBe(600);
    expect((await payer.send(orders.orderList, { order_no: failed.order_no })).list[0]!.status).toBe("failed");
  });

  it("the sandbox page pays or fails the order and returns to the records; a forged page link does nothing", async () => {
    const c = await member();
    const choose = async (payUrl: string, choice: string, t?: string, headers?: Record<string, string>) => {
      const q = new URL(payUrl).searchParams;
      const body = new URLSearchParams({
        order_no: q.get("order_no")!,
        back: q.get("back")!,
        t: t ?? q.get("t")!,
        choice,
      });
      return await fetch(`${gw.url}/sandbox/pay`, {
        method: "POST",
        body,
        headers,
        redirect: "manual",
      });
    };
    const a = await order(c, COINS_300);
    expect((await choose(a.pay_url, "pay", "f".repeat(32))).status).toBe(404);
    const res = await choose(a.pay_url, "fail");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/my/recharge-records?order_no=${a.order_no}`);
    const b = await order(c, COINS_300);
    expect((await choose(b.pay_url, "pay")).status).toBe(303);
    const list = (await c.send(orders.orderList, {})).list;
    expect(list.map((o) => [o.order_no, o.status])).toEqual([
      [b.order_no, "paid"],
      [a.order_no, "failed"],
    ]);
    expect((await userRow(c.id)).coins).toBe(330);
    // Settled: the page shows the state and takes no second choice.
    expect(await (await choose(b.pay_url, "pay")).text()).toContain("该订单已支付");
    expect((await userRow(c.id)).coins).toBe(330);
    // The page's own script posts for JSON and replaces itself with the next address (decision 057).
    const d = await order(c, COINS_300);
    const asScript = await choose(d.pay_url, "pay", undefined, { accept: "application/json" });
    expect(asScript.status).toBe(200);
    expect(await asScript.json()).toEqual({ next: `/my/recharge-records?order_no=${d.order_no}` });
    expect(await (await choose(d.pay_url, "pay", undefined, { accept: "application/json" })).json()).toEqual({ next: `/my/recharge-records?order_no=${d.order_no}` });
    expect((await userRow(c.id)).coins).toBe(660);
  });

  it("shows a pending order past its time as expired, and refuses a return origin it does not serve", async () => {
    const c = await member();
    const o = await order(c, COINS_300);
    await sql("UPDATE orders SET expires_at = ? WHERE order_no = ?", Date.now() - 1, o.order_no);
    expect((await c.send(orders.orderList, {})).list[0]!.status).toBe("expired");
    const bad = await c.request(orders.createPaying.path, {
      product_id: COINS_300,
      pay_method: "alipay",
      return_origin: "javascript:alert(1)",
    });
    expect(bad.msg).toBe("返回地址无效");
    const wrongMethod = await c.request(orders.createPaying.path, {
      product_id: 4,
      pay_method: "unionpay",
    });
    expect(wrongMethod.msg).toContain("不支持");
  });

  it("signs the sandbox's fields in a documented order", () => {
    // docs/payment-provider.md: HMAC-SHA256 over the sorted fields but `sign`.
    expect(signFields({ b: "2", a: "1", sign: "x" }, "k")).toBe(signFields({ a: "1", b: "2" }, "k"));
  });
});

const ACCOUNT = {
  account_type: "alipay",
  account_name: "张三",
  account_no: "13912345678",
};

describe("withdrawals", () => {
  it("freezes the coins at once; a rejection returns them, an approval pays them out", async () => {
    const c = await member({ coins: 1000 });
    const r = (await c.send(orders.withdrawCoins, { coins: 400, ...ACCOUNT }))!;
    expect(r.coins).toBe(600);
    expect(r.withdrawal).toMatchObject({
      source: "coins",
      amount: "400",
      fee: "20",
      payout: "38.00",
      status: "pending",
      account: "139****5678",
    });
    expect(await userRow(c.id)).toMatchObject({
      coins: 600,
      frozen_coins: 400,
    });
    const info = await c.send(orders.canWithdrawCoins, undefined);
    expect(info).toMatchObject({
      coins: 600,
      frozen_coins: 400,
      withdrawable: 600,
      min: "100",
      today_count: 1,
    });
    expect((await c.send(orders.coinsDetail, {})).list[0]).toMatchObject({
      coins: -400,
      reason: "withdraw",
      balance_after: 600,
    });

    const db = gw.openDb();
    try {
      await settleWithdrawal(db, r.withdrawal.id, "reject", "账号有误");
      expect(await userRow(c.id)).toMatchObject({
        coins: 1000,
        frozen_coins: 0,
      });
      await expect(settleWithdrawal(db, r.withdrawal.id, "approve")).rejects.toThrow(/already rejected/);
      const second = (await c.send(orders.withdrawCoins, {
        coins: 300,
        ...ACCOUNT,
      }))!;
      await settleWithdrawal(db, second.withdrawal.id, "approve");
      expect(await userRow(c.id)).toMatchObject({
        coins: 700,
        frozen_coins: 0,
      });
    } finally {
      await db.close();
    }
    expect((await c.send(orders.coinsDetail, {})).list.map((m) => m.reason)).toEqual(["withdraw", "withdraw_refund", "withdraw"]);
  });

  it("two concurrent withdrawals never take more than the balance, coins or agent income", async () => {
    const c = await member({ coins: 800, tui_coins_cents: 8000 });
    // Silent calls: a refusal answers its message to the screen, no toast.
    const coins = await Promise.all([0, 1].map(() => c.request(orders.withdrawCoins.path, { coins: 500, ...ACCOUNT })));
    expect(coins.filter((o) => o.ok)).toHaveLength(1);
    expect(coins.find((o) => !o.ok)!.msg).toBe("金币不足，当前可提现 300 金币");
    const money = await Promise.all([0, 1].map(() => c.request(orders.proxyWithdraw.path, { amount: "50.5", ...ACCOUNT })));
    expect(money.filter((o) => o.ok)).toHaveLength(1);
    expect(await userRow(c.id)).toMatchObject({
      coins: 300,
      frozen_coins: 500,
      tui_coins_cents: 2950,
      frozen_tui_cents: 5050,
    });
    expect(await c.send(orders.canWithdrawMoney, undefined)).toMatchObject({
      tui_coins: "29.50",
      frozen: "50.50",
      withdrawable: "0.00",
      min: "50.00",
    });
  });

  it("refuses a bad payout account or amount, naming every problem", async () => {
    const c = await member({ coins: 1000 });
    const bad = await c.request(orders.withdrawCoins.path, {
      coins: 50,
      account_type: "bank",
      account_name: "x",
      account_no: "12ab",
    });
    expect(bad.ok).toBe(false);
    expect(bad.msg).toMatch(/收款人姓名/);
    expect(bad.msg).toMatch(/银行卡号/);
    const low = await c.request(orders.withdrawCoins.path, {
      coins: 50,
      ...ACCOUNT,
    });
    expect(low.msg).toBe("每次提现 100–50000 金币");
    const cents = await c.request(orders.proxyWithdraw.path, {
      amount: "1.234",
      ...ACCOUNT,
    });
    expect(cents.msg).toContain("两位小数");
    expect(await userRow(c.id)).toMatchObject({ coins: 1000, frozen_coins: 0 });
  });

  it("the operator command lists and settles", async () => {
    const c = await member({ coins: 1000 });
    const w = (await c.send(orders.withdrawCoins, { coins: 200, ...ACCOUNT }))!;
    const env = {
      ...process.env,
      DATA_DIR: gw.dataDir,
      ...(gw.databaseUrl ? { DATABASE_URL: gw.databaseUrl } : {}),
    };
    const admin = (...args: string[]) =>
      promisify(execFile)(process.execPath, [...entryArgs("admin"), "withdrawals", ...args], { cwd: REPO_ROOT, env });
    const listed = JSON.parse((await admin("list", "--json")).stdout) as {
      id: number;
    }[];
    expect(listed.map((x) => x.id)).toContain(w.withdrawal.id);
    expect((await admin("reject", String(w.withdrawal.id), "--reason", "信息不符")).stdout).toContain("rejected");
    expect(await userRow(c.id)).toMatchObject({ coins: 1000, frozen_coins: 0 });
  });
});

describe("the coin record names what each coin paid for", () => {
  it("names the item (and the chapter or episode) of every kind bought, the gift's video, the club and the request", async () => {
    const m = await member({ coins: 5000 });
    const one = async <T>(text: string, ...args: unknown[]) => (await sql<T>(text, ...args))[0]!;
    const paidUnit = (kind: string) =>
      one<{ item_id: number; unit_id: number; book: string; unit: string }>(
        `SELECT u.item_id, u.id AS unit_id, i.title AS book, u.title AS unit FROM item_units u JOIN items i ON i.id = u.item_id
         WHERE i.kind = ? AND u.coins > 0 AND u.vip_free = 0 ORDER BY u.item_id, u.seq LIMIT 1`,
        kind,
      );
    const title = async (id: number) => (await one<{ title: string }>("SELECT title FROM items WHERE id = ?", id)).title;
    const novelUnit = await paidUnit("novel");
    const audioUnit = await paidUnit("audio");
    const comicUnit = await paidUnit("comic");
    const wholeNovel = await one<{ id: number; title: string }>("SELECT id, title FROM items WHERE kind = 'novel' AND coins > 0 AND id <> ? ORDER BY id LIMIT 1", novelUnit.item_id);
    const article = await one<{ id: number; title: string }>("SELECT id, title FROM items WHERE kind = 'news' AND coins > 0 ORDER BY id LIMIT 1");
    const listing = await one<{ id: number; title: string }>("SELECT id, title FROM items WHERE kind = 'dating' ORDER BY id LIMIT 1");
    const club = await one<{ creator_id: number; name: string }>("SELECT creator_id, name FROM clubs WHERE fee_coins > 0 ORDER BY creator_id LIMIT 1");
    const request = await one<{ id: number; title: string; description: string }>("SELECT id, title, description FROM items WHERE kind = 'post' AND is_request = 1 ORDER BY id LIMIT 1");

    const bought = [
      await m.send(video.buyWithCoins, { id: DEMO_LOCKED_VIDEO_ID }),
      await m.send(news.buy, { id: article.id }),
      await m.send(dating.buy, { id: listing.id }),
      await m.send(novels.buy, { id: novelUnit.unit_id }),
      await m.send(novels.buyBook, { id: wholeNovel.id }),
      await m.send(audio.buy, { id: audioUnit.unit_id }),
      await m.send(comics.buy, { id: comicUnit.item_id, chapter_id: comicUnit.unit_id }),
      await m.send(pictures.buy, { id: DEMO_PICTURE_SET.id }),
      await m.send(games.buy, { id: DEMO_GAME.id }),
    ];
    expect(bought.map((o) => o.ok)).toEqual(bought.map(() => true));
    await m.send(video.rewardHer, { id: DEMO_LOCKED_VIDEO_ID, gift_id: 1 });
    await m.send(home.joinClub, { uid: club.creator_id });
    await m.send(circle.appendCoins, { id: request.id, coins: 5 });

    const record = (await m.send(orders.coinsDetail, { page: 1, limit: 50 })).list;
    const titleOf = (reason: string) => record.find((r) => r.reason === reason)?.title;
    const video2 = await title(DEMO_LOCKED_VIDEO_ID);
    expect(titleOf("buy_video")).toBe(`购买视频《${video2}》`);
    expect(titleOf("buy_news")).toBe(`购买文章《${article.title}》`);
    expect(titleOf("buy_dating")).toBe(`解锁约会联系方式《${listing.title}》`);
    expect(titleOf("buy_novel_chapter")).toBe(`购买小说章节《${novelUnit.book}》 ${novelUnit.unit}`);
    expect(titleOf("buy_novel_book")).toBe(`购买整本小说《${wholeNovel.title}》`);
    expect(titleOf("buy_audio_chapter")).toBe(`购买有声书章节《${audioUnit.book}》 ${audioUnit.unit}`);
    expect(titleOf("buy_comic_chapter")).toBe(`购买漫画章节《${comicUnit.book}》 ${comicUnit.unit}`);
    expect(titleOf("buy_picture")).toBe(`购买图集《${await title(DEMO_PICTURE_SET.id)}》`);
    expect(titleOf("buy_game")).toBe(`购买游戏《${await title(DEMO_GAME.id)}》`);
    expect(titleOf("reward")).toBe(`打赏《${video2}》`);
    expect(titleOf("join_club")).toBe(`加入${club.name}`);
    expect(titleOf("find_reward")).toMatch(/^求片悬赏《.+》$/);
    expect(titleOf("find_reward")).toContain([...(request.title || request.description)].slice(0, 8).join(""));
    // No row is left without a name.
    expect(record.filter((r) => r.coins < 0 && !/《|加入/.test(r.title))).toEqual([]);
    expect(record).toHaveLength(12);
  });
});
