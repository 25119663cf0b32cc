import { moneyHandlers } from "./calls.ts";

/** The only code that moves coins, VIP time and vouchers (purchases.ts), and its calls. */
export const walletHandlers = [...moneyHandlers];
