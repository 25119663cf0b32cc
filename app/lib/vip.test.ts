import { describe, expect, it } from "vitest";
import { vipEndAfter } from "./vip.ts";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describe("vipEndAfter", () => {
  it("adds the days to an end still ahead", () => {
    expect(vipEndAfter("2026-12-01 08:30:00", 30, NOW)).toBe("2026-12-31 08:30:00");
  });

  it("counts from now when VIP has ended or never began", () => {
    expect(vipEndAfter("2026-11-01 08:30:00", 30, NOW)).toBe("2026-12-27 12:00:00");
    expect(vipEndAfter("", 90, NOW)).toBe("2027-02-25 12:00:00");
  });
});
