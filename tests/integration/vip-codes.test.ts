import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, orders, video } from "#gateway/api/index.ts";
import { isoDate } from "#server/clock.ts";
import { sandboxNotification } from "#server/wallet/sandbox-provider.ts";
import { runAdmin, sqlOn } from "../support/admin.ts";
import { MOVABLE_CLOCK, movableClock } from "../support/clock.ts";
import { startSiblingProcess, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// Issue 34: VIP is a time (decision 064): bought, used, ended, extended by codes; exchange codes with an end and a
// number of uses made by the operator's command; an invitation link binds whoever registers through it. Two
// gateway processes on one database and one moved clock, on SQLite and PostgreSQL.

const DAY_MS = 86_400_000;
const VIP_MONTH = 11; // 30 days
const COINS_300 = 2; // 30.00 yuan

let gw: TestGateway;
let second: Awaited<ReturnType<typeof startSiblingProcess>>;
let clock: ReturnType<typeof movableClock>;
beforeAll(async () => {
  gw = await startTestGateway({ env: MOVABLE_CLOCK });
  second = await startSiblingProcess(gw, MOVABLE_CLOCK);
  clock = movableClock(gw);
});
afterAll(async () => {
  await second?.kill();
  await gw?.close();
});

const sql = <T = Record<string, unknown>>(text: string, ...args: unknown[]) => sqlOn<T>(gw, text, ...args);

let phoneSeq = 13700000000;
/** A new member, with a client on each process. */
async function member(affCode?: string) {
  const a = testClient(gw.url);
  const phone = String(phoneSeq++);
  const r = await a.send(accounts.register, { phone, password: "secret123", ...(affCode ? { aff_code: affCode } : {}) });
  a.state.token = r.token;
  const b = testClient(second.url, { token: r.token, oauthId: a.state.oauthId });
  const [row] = await sql<{ id: number }>("SELECT id FROM users WHERE uuid = ?", r.uuid);
  return { a, b, id: row!.id, phone };
}
/** A session lasts 30 days on the same clock: past them the member signs in again, as on a phone. */
async function signInAgain(m: Awaited<ReturnType<typeof member>>) {
  m.a.state.token = "";
  const { token } = await m.a.send(accounts.loginByPassword, { phone: m.phone, password: "secret123" });
  m.a.state.token = token;
  m.b.state.token = token;
}
const vipEndsAt = async (id: number) => (await sql<{ vip_expires_at: number }>("SELECT vip_expires_at FROM users WHERE id = ?", id))[0]!.vip_expires_at;

async function payOrder(c: ReturnType<typeof testClient>, productId: number, notifyAt: string) {
  const paying = await c.send(orders.createPaying, { product_id: productId, pay_method: "alipay" });
  const [row] = await sql<{ amount_cents: number }>("SELECT amount_cents FROM orders WHERE order_no = ?", paying.order_no);
  const fields = sandboxNotification("dev-sandbox-secret", { orderNo: paying.order_no, amountCents: row!.amount_cents, paid: true, tradeNo: `T${paying.order_no}` });
  const res = await fetch(`${notifyAt}/payments/sandbox/notify`, { method: "POST", body: new URLSearchParams(fields) });
  expect(await res.text()).toBe("success");
}

const admin = (...args: string[]) => runAdmin(gw, "codes", ...args);
type Made = { code: string; kind: string; amount: number; uses: number; expires_at: string };
const create = async (...args: string[]) => {
  const out = await admin("create", "--json", ...args);
  expect(out.stderr).toBe("");
  return JSON.parse(out.stdout) as Made[];
};
const redeem = (c: ReturnType<typeof testClient>, code: string) => c.request(accounts.exchangeCode.path, { code });

describe("VIP is a time", () => {
  it("a bought plan opens VIP-free videos on both processes until its end, then their prices return", async () => {
    const [item] = await sql<{ id: number; coins: number }>("SELECT id, coins FROM items WHERE kind = 'video' AND vip_free = 1 AND coins > 0 AND hidden = 0 ORDER BY id LIMIT 1");
    const m = await member();
    await sql("UPDATE users SET coins = 500 WHERE id = ?", m.id);
    expect(await m.b.send(accounts.userInfo, undefined)).toMatchObject({ vip: 0, vip_expires_at: "" });
    expect(await m.a.send(video.detail, { id: item!.id })).toMatchObject({ can_watch: 0, play_url: "", viewer: { vip: 0 } });

    const before = clock.now();
    await payOrder(m.a, VIP_MONTH, second.url);
    const end = await vipEndsAt(m.id);
    expect(end).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(end).toBeLessThanOrEqual(clock.now() + 30 * DAY_MS);
    expect(await m.b.send(accounts.userInfo, undefined)).toMatchObject({ vip: 1, vip_expires_at: isoDate(end) });
    expect((await m.a.send(accounts.userInfo, undefined)).vip_expires_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Used: free viewing on either process, nothing charged.
    const open = await m.b.send(video.detail, { id: item!.id });
    expect(open).toMatchObject({ can_watch: 1, viewer: { vip: 1 } });
    expect(open.play_url).not.toBe("");

    clock.forward(29);
    expect(await m.a.send(video.detail, { id: item!.id })).toMatchObject({ can_watch: 1 });
    clock.forward(2);
    await signInAgain(m);
    for (const c of [m.a, m.b]) {
      expect(await c.send(accounts.userInfo, undefined)).toMatchObject({ vip: 0, vip_expires_at: isoDate(end) });
      expect(await c.send(video.detail, { id: item!.id })).toMatchObject({ can_watch: 0, play_url: "", viewer: { vip: 0 } });
    }
    // The price is charged again.
    const bought = await m.b.request(video.buyWithCoins.path, { id: item!.id });
    expect(bought.ok).toBe(true);
    expect((await m.a.send(accounts.userInfo, undefined)).coins).toBe(500 - item!.coins);
  });

  it("a VIP code adds to the current end while VIP, and starts from now once VIP has ended", async () => {
    const [ten, five, again] = await Promise.all([create("--vip-days", "10"), create("--vip-days", "5"), create("--vip-days", "5")]);
    const m = await member();
    const start = clock.now();
    expect((await redeem(m.a, ten![0]!.code)).ok).toBe(true);
    const first = await vipEndsAt(m.id);
    expect(first).toBeGreaterThanOrEqual(start + 10 * DAY_MS);

    clock.forward(3);
    const extended = await m.b.send(accounts.exchangeCode, { code: five![0]!.code });
    expect(await vipEndsAt(m.id)).toBe(first + 5 * DAY_MS);
    expect(extended).toMatchObject({ kind: "vip", amount: 5, vip: 1, vip_expires_at: isoDate(first + 5 * DAY_MS) });

    clock.forward(20);
    expect((await m.a.send(accounts.userInfo, undefined)).vip).toBe(0);
    const from = clock.now();
    expect((await redeem(m.b, again![0]!.code)).ok).toBe(true);
    const restarted = await vipEndsAt(m.id);
    expect(restarted).toBeGreaterThanOrEqual(from + 5 * DAY_MS);
    expect(restarted).toBeLessThanOrEqual(clock.now() + 5 * DAY_MS);
    expect(await m.a.send(accounts.userInfo, undefined)).toMatchObject({ vip: 1, vip_expires_at: isoDate(restarted) });
  });
});

describe("exchange codes made by the operator", () => {
  it("prints the codes it made, as a table or JSON, and refuses a wrong request with one line", { timeout: 180_000 }, async () => {
    const wrong = [["--uses", "2"], ["--coins", "5", "--vip-days", "1"], ["--coins", "0"], ["--coins", "5", "--expires", "2020-01-01"], ["--coins", "5", "--expires", "2030-02-30"]];
    // One process each, all at once: each takes seconds to start on a loaded machine.
    const [made, table, ...refused] = await Promise.all([
      create("--coins", "20", "--uses", "3", "--count", "4", "--expires", "2099-01-31"),
      admin("create", "--tickets", "2"),
      ...wrong.map((args) => admin("create", ...args)),
    ]);
    expect(made).toHaveLength(4);
    expect(new Set(made.map((c) => c.code)).size).toBe(4);
    for (const c of made) expect(c).toMatchObject({ code: expect.stringMatching(/^[A-Z2-9]{12}$/), kind: "coins", amount: 20, uses: 3, expires_at: "2099-01-31 23:59:59" });
    const rows = await sql<{ code: string; max_uses: number; use_count: number; expires_at: number }>("SELECT code, max_uses, use_count, expires_at FROM exchange_codes WHERE code = ?", made[0]!.code);
    expect(rows).toEqual([{ code: made[0]!.code, max_uses: 3, use_count: 0, expires_at: Date.UTC(2099, 0, 31, 23, 59, 59) }]);

    expect(table.stdout).toMatch(/^CODE +GIVES +USES +EXPIRES \(UTC\)\n[A-Z2-9]{12} +2 vouchers +1 +never\n$/);

    for (const out of refused) {
      expect(out.code).toBe(1);
      expect(out.stdout).toBe("");
      expect(out.stderr.trim().split("\n")).toHaveLength(1);
    }
  });

  it("gives a code of N uses to N members among many redeeming it at once through both processes, and refuses the rest", async () => {
    const [made] = await create("--coins", "7", "--uses", "3");
    const all = await Promise.all(Array.from({ length: 12 }, () => member()));
    const outcomes = await Promise.all(all.map((m, i) => redeem(i % 2 ? m.a : m.b, made!.code.toLowerCase())));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.msg))).toEqual(new Set(["该兑换码已被领完"]));
    expect(await sql("SELECT use_count FROM exchange_codes WHERE code = ?", made!.code)).toEqual([{ use_count: 3 }]);
    expect(await sql("SELECT COUNT(*) AS n FROM exchange_code_uses WHERE code = ?", made!.code)).toEqual([{ n: 3 }]);
    const credited = await sql<{ n: number }>(`SELECT COUNT(*) AS n FROM spending WHERE reason = 'exchange_code' AND coins = -7 AND user_id IN (${all.map((m) => m.id).join(",")})`);
    expect(credited).toEqual([{ n: 3 }]);
    // A member who redeemed it is told so, not that it ran out.
    const winner = all[outcomes.findIndex((o) => o.ok)]!;
    expect((await redeem(winner.a, made!.code)).msg).toBe("你已使用过该兑换码");
  });

  it("refuses a code after its last day, on both processes", async () => {
    const tomorrow = new Date(clock.now() + DAY_MS).toISOString().slice(0, 10);
    const [made] = await create("--vip-days", "1", "--uses", "5", "--expires", tomorrow);
    const [early, late, later] = await Promise.all([member(), member(), member()]);
    expect((await redeem(early!.b, made!.code)).ok).toBe(true);
    clock.forward(2);
    for (const c of [late!.a, later!.b]) {
      const refused = await redeem(c, made!.code);
      expect(refused).toMatchObject({ ok: false, msg: "该兑换码已过期" });
    }
    expect(await sql("SELECT use_count FROM exchange_codes WHERE code = ?", made!.code)).toEqual([{ use_count: 1 }]);
  });
});

describe("an invitation link", () => {
  it("binds whoever registers through it, pays the inviter agent income on their top-ups, and never rebinds", async () => {
    const inviter = await member();
    const other = await member();
    const { aff_code } = await inviter.a.send(accounts.userInfo, undefined);
    const invitee = await member(aff_code.toLowerCase());
    expect(await sql("SELECT invited_by, invite_by_code FROM users WHERE id = ?", invitee.id)).toEqual([{ invited_by: inviter.id, invite_by_code: aff_code }]);
    expect((await invitee.b.send(accounts.userInfo, undefined)).invite_by_code).toBe(aff_code);

    await payOrder(invitee.b, COINS_300, gw.url);
    const income = await sql<{ level: number; user_id: number; order_cents: number }>("SELECT level, user_id, order_cents FROM agent_income WHERE from_user_id = ?", invitee.id);
    expect(income).toEqual([{ level: 1, user_id: inviter.id, order_cents: 3000 }]);

    const { aff_code: otherCode } = await other.a.send(accounts.userInfo, undefined);
    const rebind = await invitee.a.request(accounts.invitation.path, { aff_code: otherCode });
    expect(rebind).toMatchObject({ ok: false, msg: "你已绑定过邀请人" });
    expect(await sql("SELECT invited_by FROM users WHERE id = ?", invitee.id)).toEqual([{ invited_by: inviter.id }]);
  });
});
