import { expect, it } from "vitest";
import { centsOf, feeOf, percentOf, shareOf, yuan } from "./yuan.ts";

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
