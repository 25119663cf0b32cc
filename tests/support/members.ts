import { accounts } from "#gateway/api/index.ts";
import { testClient, type TestGateway } from "./gateway.ts";

/**
 * Registers a new member on `gw` (phones counted up from `firstPhone`), with `coins` set in the database when
 * given; answers a client logged in as them.
 */
export function memberMaker(gw: () => TestGateway, firstPhone: number) {
  let phone = firstPhone;
  return async (coins?: number) => {
    const c = testClient(gw().url);
    const r = await c.send(accounts.register, { phone: String(phone++), password: "secret123" });
    c.state.token = r.token;
    if (coins !== undefined) {
      const db = gw().openDb();
      try {
        await db.run("UPDATE users SET coins = ? WHERE uuid = ?", [coins, r.uuid]);
      } finally {
        await db.close();
      }
    }
    return c;
  };
}
