// The seam between the gateway's orders and whoever takes the money (docs/payment-provider.md). The gateway
// creates the order and keeps it; a provider only says where the payer goes, and turns the provider's own
// notification into a `PaymentNotice` after checking that the provider sent it. Crediting is the wallet's
// (payments.ts), the same for every provider.

/** What a provider needs to start a payment. */
export interface PayingOrder {
  orderNo: string;
  amountCents: number;
  /** What is bought, for the payer's eyes. */
  subject: string;
  payMethod: string;
  expiresAt: number;
}

/** A provider's notification, verified: the order it is about and what happened. */
export interface PaymentNotice {
  provider: string;
  orderNo: string;
  /** What the provider says was paid, in cents; the gateway refuses a notice whose amount is not the order's. */
  amountCents: number;
  paid: boolean;
  /** The provider's own reference for the payment. */
  providerRef: string;
}

/** A notification the gateway does not accept: an unknown order, a forged signature, a wrong amount. */
export class PaymentRefused extends Error {}

export interface PaymentProvider {
  /** Stored on the order; the callback path is `/payments/{name}/notify`. */
  readonly name: string;
  /**
   * Where the payer pays. `origin` is this gateway as the app reached it; `back` the app's origin, where the
   * payer returns to `/my/recharge-records`.
   */
  start(order: PayingOrder, ctx: { origin: string; back: string }): Promise<{ payUrl: string }> | { payUrl: string };
  /** Checks a notification's signature and reads it; throws `PaymentRefused` when it is not the provider's. */
  verify(fields: Record<string, string>): PaymentNotice;
  /** The body that tells the provider a notification was taken (it repeats the notification until it sees it). */
  readonly ack: string;
}
