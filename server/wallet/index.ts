import { moneyHandlers } from "./calls.ts";
import { orderHandlers } from "./order-calls.ts";
import { withdrawHandlers } from "./withdraw-calls.ts";

/** The only code that moves coins, VIP time, vouchers and agent income (purchases.ts, payments.ts, withdrawals.ts), and its calls. */
export const walletHandlers = [...moneyHandlers, ...orderHandlers, ...withdrawHandlers];
