import { createHmac, timingSafeEqual } from "node:crypto";
import { PaymentRefused, type PaymentNotice, type PaymentProvider } from "./payment-provider.ts";

// The reference gateway's own payment provider, for development and tests: its cashier is a page on the gateway
// (`/sandbox/pay`, payment-routes.ts) where the payer chooses to pay or to fail, and it notifies the gateway the way
// a real provider does, with fields signed by HMAC-SHA256 under a secret only the two share.

export const SANDBOX = "sandbox";

/** HMAC-SHA256 (hex) over the fields but `sign`, sorted by name, as `name=value` joined by `&`. */
export function signFields(fields: Record<string, string>, secret: string): string {
  const text = Object.keys(fields)
    .filter((k) => k !== "sign")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("&");
  return createHmac("sha256", secret).update(text).digest("hex");
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Proves a cashier page address came from the gateway: only its holder may pay or fail the order. */
export const pageToken = (secret: string, orderNo: string, back: string) => signFields({ page: "cashier", order_no: orderNo, back }, secret).slice(0, 32);

export const checkPageToken = (secret: string, orderNo: string, back: string, token: string) => sameText(pageToken(secret, orderNo, back), token);

/** The provider's side: the notification it sends for an order, signed. */
export function sandboxNotification(secret: string, n: { orderNo: string; amountCents: number; paid: boolean; tradeNo: string }): Record<string, string> {
  const fields = {
    order_no: n.orderNo,
    amount: String(n.amountCents),
    status: n.paid ? "paid" : "failed",
    trade_no: n.tradeNo,
    notify_time: String(Date.now()),
  };
  return { ...fields, sign: signFields(fields, secret) };
}

export function sandboxProvider(secret: string): PaymentProvider {
  return {
    name: SANDBOX,
    ack: "success",
    start(order, { origin, back }) {
      const query = new URLSearchParams({
        order_no: order.orderNo,
        back,
        t: pageToken(secret, order.orderNo, back),
      });
      return { payUrl: `${origin}/sandbox/pay?${query}` };
    },
    verify(fields): PaymentNotice {
      const { order_no, amount, status, trade_no, sign } = fields;
      if (!order_no || !amount || !status || trade_no === undefined || !sign) throw new PaymentRefused("missing fields");
      if (!sameText(signFields(fields, secret), sign)) throw new PaymentRefused("bad signature");
      if (!/^\d{1,12}$/.test(amount) || !["paid", "failed"].includes(status)) throw new PaymentRefused("bad fields");
      return {
        provider: SANDBOX,
        orderNo: order_no,
        amountCents: Number(amount),
        paid: status === "paid",
        providerRef: trade_no,
      };
    },
  };
}
