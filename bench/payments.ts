// Payment callbacks under concurrency (issue 22): 1 000 signed "paid" notifications for 100 orders, 20 in flight at
// once, against the reference gateway in this process. Prints calls/s and whether every order was credited once.
// `npx tsx bench/payments.ts` runs it alone; bench/index.ts may call `benchPaymentCallbacks`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GatewayClient } from "#gateway/client.ts";
import { accounts, orders } from "#gateway/api/index.ts";
import { configFromEnv } from "#gateway/config.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { buildIdentity, createOAuthId } from "#gateway/identity.ts";
import { openDatabase } from "#server/db/index.ts";
import { startServer } from "#server/start.ts";
import { sandboxNotification } from "#server/wallet/sandbox-provider.ts";

const ORDERS = 100;
const MEMBERS = 10;
const NOTICES_PER_ORDER = 10;
const IN_FLIGHT = 20;
const PRODUCT = 2; // 300 coins and 30 more, 30.00 yuan

const line = (label: string, value: string, target = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   (${target})` : ""}`);

export async function benchPaymentCallbacks(label: string, env: Record<string, string> = {}) {
  console.log(`\nPayment callbacks (${label})`);
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-pay-"));
  const server = await startServer({ port: 0, host: "127.0.0.1", dataDir, env: { LOG_LEVEL: "error", ...env } });
  try {
    const secret = server.settings.paymentSandboxSecret;
    const placed: { orderNo: string; amountCents: number }[] = [];
    for (let m = 0; m < MEMBERS; m++) {
      const state = { oauthId: createOAuthId(), token: "" };
      const client = new GatewayClient({ config: configFromEnv({}, { lines: [server.url] }), crypto: nodeCrypto, identity: () => buildIdentity(state) });
      state.token = (await client.send(accounts.register, { phone: String(15_900_000_000 + m), password: "secret123" })).token;
      for (let o = 0; o < ORDERS / MEMBERS; o++) placed.push({ orderNo: (await client.send(orders.createPaying, { product_id: PRODUCT, pay_method: "alipay" })).order_no, amountCents: 3000 });
    }
    // Each order's notifications spread through the queue, so twins of one order are in flight together.
    const queue = Array.from({ length: NOTICES_PER_ORDER }, (_, n) => placed.map((p) => sandboxNotification(secret, { ...p, paid: true, tradeNo: `B${n}` }))).flat();
    let next = 0;
    let refused = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < queue.length) {
          const fields = queue[next++]!;
          const res = await fetch(`${server.url}/payments/sandbox/notify`, { method: "POST", body: new URLSearchParams(fields) });
          if ((await res.text()) !== "success") refused++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const db = await openDatabase({ dataDir, databaseUrl: server.settings.databaseUrl, poolSize: 2 });
    try {
      const paid = (await db.value<number>("SELECT COUNT(*) FROM orders WHERE status = 'paid'"))!;
      const credits = (await db.value<number>("SELECT COUNT(*) FROM spending WHERE reason = 'recharge'"))!;
      const coins = (await db.value<number>("SELECT SUM(coins) FROM users WHERE phone LIKE '1590000000%'"))!;
      line(`${queue.length} callbacks, ${IN_FLIGHT} in flight`, `${(queue.length / seconds).toFixed(0)} calls/s`, `${refused} refused`);
      line("orders paid / credits / coins", `${paid} / ${credits} / ${coins}`, `exactly ${ORDERS} / ${ORDERS} / ${ORDERS * 330}`);
    } finally {
      await db.close();
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchPaymentCallbacks("SQLite");
