import { randomInt } from "node:crypto";
import { extendVip } from "#server/accounts/users.ts";
import type { DB } from "#server/db/index.ts";
import type { ServerSettings } from "#server/env.ts";
import { payAgents } from "./agents.ts";
import { PaymentRefused, type PaymentNotice, type PaymentProvider } from "./payment-provider.ts";
import type { ProductRow } from "./products.ts";
import { credit, lockMember } from "./purchases.ts";
import { sandboxProvider } from "./sandbox-provider.ts";
import { clock } from "#server/clock.ts";

// Top-ups (decision 037): an order is created pending; the provider's verified notification settles it, and a
// paid one credits coins or extends VIP, and pays agent income, in one transaction, once per order however often
// the notification comes.

/** How long a pending order can be paid. */
export const ORDER_TTL_MS = 15 * 60_000;

/** The provider new orders are paid through. A real provider replaces the sandbox here (docs/payment-provider.md). */
export function activeProvider(settings: ServerSettings): PaymentProvider {
  return sandboxProvider(settings.paymentSandboxSecret);
}

/** The providers whose notifications are taken, by name: those of orders still open included. */
export function providerNamed(settings: ServerSettings, name: string): PaymentProvider | undefined {
  const provider = activeProvider(settings);
  return provider.name === name ? provider : undefined;
}

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number;
  product_id: number;
  kind: "coins" | "vip";
  name: string;
  amount_cents: number;
  coins: number;
  vip_days: number;
  pay_method: string;
  provider: string;
  provider_ref: string;
  status: "pending" | "paid" | "failed";
  created_at: number;
  expires_at: number;
  paid_at: number | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
function newOrderNo(now: number): string {
  const d = new Date(now);
  return `P${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}${pad(randomInt(0, 1_000_000), 6)}`;
}

/** A pending order for a product, and where to pay it. */
export async function createOrder(
  db: DB,
  p: {
    userId: number;
    product: ProductRow;
    payMethod: string;
    provider: PaymentProvider;
    origin: string;
    back: string;
  },
): Promise<{ order: OrderRow; payUrl: string }> {
  const now = clock.now();
  const coins = p.product.coins + p.product.bonus_coins;
  // Unique by its second and six random digits; a clash fails the call, which the member may send again.
  const orderNo = newOrderNo(now);
  const id = await db.insert(
    `INSERT INTO orders (order_no, user_id, product_id, kind, name, amount_cents, coins, vip_days, pay_method, provider, status, created_at, expires_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
    [
      orderNo,
      p.userId,
      p.product.id,
      p.product.kind,
      p.product.name,
      p.product.price_cents,
      coins,
      p.product.vip_days,
      p.payMethod,
      p.provider.name,
      now,
      now + ORDER_TTL_MS,
      now,
    ],
  );
  const order = (await db.get<OrderRow>("SELECT * FROM orders WHERE id = ?", [id]))!;
  const { payUrl } = await p.provider.start(
    { orderNo, amountCents: order.amount_cents, subject: order.name, payMethod: order.pay_method, expiresAt: order.expires_at },
    { origin: p.origin, back: p.back },
  );
  return { order, payUrl };
}

export async function orderByNo(db: DB, orderNo: string): Promise<OrderRow | undefined> {
  return await db.get<OrderRow>("SELECT * FROM orders WHERE order_no = ?", [orderNo]);
}

/** `credited`: this notice paid the order; `repeat`: it had been settled so before; `failed`: the payment failed. */
export type SettleOutcome = "credited" | "repeat" | "failed";

/**
 * Settles an order from a verified notice. A paid notice credits the order's coins or VIP days to the payer and
 * pays agent income, once: the member's row is locked first and the order read again, so twenty notices at once
 * (or through two gateway processes) credit one time. A notice for another provider's order, or with an amount
 * not the order's, is refused and changes nothing. A late payment of an expired order is still credited: the
 * payer's money was taken.
 */
export async function settlePayment(db: DB, notice: PaymentNotice): Promise<SettleOutcome> {
  const head = await orderByNo(db, notice.orderNo);
  if (!head) throw new PaymentRefused(`unknown order ${notice.orderNo}`);
  return await db.transaction(async (db): Promise<SettleOutcome> => {
    await lockMember(db, head.user_id);
    const order = (await db.get<OrderRow>(`SELECT * FROM orders WHERE id = ?${db.forUpdate}`, [head.id]))!;
    if (order.provider !== notice.provider) throw new PaymentRefused(`order ${order.order_no} is not paid through ${notice.provider}`);
    if (order.amount_cents !== notice.amountCents) throw new PaymentRefused(`amount ${notice.amountCents} is not the order's ${order.amount_cents}`);
    if (order.status === "paid") return "repeat";
    const now = clock.now();
    if (!notice.paid) {
      await db.run("UPDATE orders SET status = 'failed', provider_ref = ?, updated_at = ? WHERE id = ? AND status = 'pending'", [
        notice.providerRef,
        now,
        order.id,
      ]);
      return "failed";
    }
    await db.run("UPDATE orders SET status = 'paid', paid_at = ?, provider_ref = ?, updated_at = ? WHERE id = ?", [now, notice.providerRef, now, order.id]);
    if (order.coins > 0) await credit(db, order.user_id, order.coins, "recharge", now);
    if (order.vip_days > 0) await extendVip(db, order.user_id, order.vip_days, now);
    await payAgents(db, order, now);
    return "credited";
  });
}

/** A provider's notification, as its callback route receives it: verified, then settled. */
export async function receiveNotification(db: DB, provider: PaymentProvider, fields: Record<string, string>): Promise<SettleOutcome> {
  return await settlePayment(db, provider.verify(fields));
}
