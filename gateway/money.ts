// Money in yuan travels as text with two decimals; it is stored and counted as integer cents, so that sums are
// exact on every database. The gateway charges with these and the app shows what it will charge with them.

/** 1234 → "12.34". */
export function yuan(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "12.3" or "12" or 12.3 → cents (1230); undefined when it is not a plain amount with at most two decimals. */
export function centsOf(text: string | number): number | undefined {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(String(text));
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** The share of an amount in basis points (1/100 of a percent), rounded down: never more than the share. */
export const shareOf = (amount: number, basisPoints: number) => Math.floor((amount * basisPoints) / 10_000);

/** A fee in basis points, rounded up to the unit: never less than the fee. */
export const feeOf = (amount: number, basisPoints: number) => Math.ceil((amount * basisPoints) / 10_000);

/** 2000 basis points → "20.00" (percent). */
export const percentOf = (basisPoints: number) => yuan(basisPoints);

/**
 * A withdrawal of `amount` (coins, or cents of agent income): the fee in the same unit, rounded up, and what is
 * paid out, in cents (coins at `coinsPerYuan` to the yuan, rounded down; agent income as it is).
 */
export function withdrawalQuote(amount: number, feeBasisPoints: number, coinsPerYuan?: number): { fee: number; payoutCents: number } {
  const fee = feeOf(amount, feeBasisPoints);
  return { fee, payoutCents: coinsPerYuan ? Math.floor(((amount - fee) * 100) / coinsPerYuan) : amount - fee };
}
