import { expect, it } from "vitest";
import { accounts, video } from "#gateway/api/index.ts";
import { DEMO_LOCKED_VIDEO_ID, DEMO_LOCKED_VIDEO_PRICE } from "#server/content/seed.ts";
import { DEMO, testClient, twoGatewayProcesses } from "../support/gateway.ts";

// Two gateway processes on one database: this one, in the test process, and a second started as `npm run serve`
// would, on the same SQLite file or the same PostgreSQL database.
const processes = twoGatewayProcesses();

it("charges once for 100 concurrent buys of one video through two gateway processes", async () => {
  const { gw, second } = processes;
  const login = testClient(gw.url);
  const { token } = await login.send(accounts.loginByPassword, DEMO);
  const clients = [testClient(gw.url, { token }), testClient(second.url, { token })];
  const before = (await clients[0]!.send(accounts.userInfo, undefined)).coins;

  const outcomes = await Promise.all(
    Array.from({ length: 100 }, (_, i) => clients[i % 2]!.send(video.buyWithCoins, { id: DEMO_LOCKED_VIDEO_ID, request_id: `race-${i}` })),
  );

  // Every buy answers: one charges, the others find the purchase.
  expect(outcomes.filter((o) => !o.ok).map((o) => o.msg)).toEqual([]);
  expect(outcomes.filter((o) => o.data?.charged === 1)).toHaveLength(1);
  const after = (await clients[1]!.send(accounts.userInfo, undefined)).coins;
  expect(after).toBe(before - DEMO_LOCKED_VIDEO_PRICE);

  const db = gw.openDb();
  try {
    const user = await db.get<{ id: number; coins: number }>("SELECT id, coins FROM users WHERE phone = ?", [DEMO.phone]);
    expect(user!.coins).toBe(after);
    expect(await db.value("SELECT COUNT(*) FROM purchases WHERE user_id = ? AND item_id = ?", [user!.id, DEMO_LOCKED_VIDEO_ID])).toBe(1);
    expect(await db.value("SELECT COUNT(*) FROM spending WHERE user_id = ? AND item_id = ?", [user!.id, DEMO_LOCKED_VIDEO_ID])).toBe(1);
  } finally {
    await db.close();
  }
});
