import { expect, it } from "vitest";
import { centsOf, feeOf, percentOf, shareOf, withdrawalQuote, yuan } from "./money.ts";

it("writes cents as yuan with two decimals and reads them back exactly", () => {
  expect([0, 5, 50, 1234, 100000, -50].map(yuan)).toEqual(["0.00", "0.05", "0.50", "12.34", "1000.00", "-0.50"]);
  expect(["12", "12.3", "12.34", " 0.07 ", 50.5].map(centsOf)).toEqual([1200, 1230, 1234, 7, 5050]);
  // 0.1 + 0.2 never meets a float: "0.30" is 30 cents.
  expect(centsOf("0.30")).toBe(30);
  expect(["", "1.234", "-1", "1e3", "abc", "1,00"].map(centsOf)).toEqual(Array(6).fill(undefined));
});

it("rounds a share down and a fee up, so neither the platform nor the agent gets a cent too many", () => {
  expect(shareOf(3333, 2000)).toBe(666);
  expect(feeOf(3333, 200)).toBe(67);
  expect(feeOf(400, 500)).toBe(20);
  expect(percentOf(2000)).toBe("20.00");
});

it("quotes a withdrawal: the fee rounded up in its unit, the payout in cents", () => {
  // 100 coins at 5 %, 10 coins to the yuan: 5 coins kept, ¥9.50 paid.
  expect(withdrawalQuote(100, 500, 10)).toEqual({ fee: 5, payoutCents: 950 });
  expect(withdrawalQuote(101, 500, 10)).toEqual({ fee: 6, payoutCents: 950 });
  // ¥50.00 of agent income at 2 %: ¥1.00 kept, ¥49.00 paid.
  expect(withdrawalQuote(5000, 200)).toEqual({ fee: 100, payoutCents: 4900 });
});
