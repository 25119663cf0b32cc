import { afterEach, describe, expect, it } from "vitest";
import { formatCount, formatTime } from "./format.ts";

describe("formatCount", () => {
  it("counts in the units a Chinese reader expects: the plain number below 1万, then 万 up to 1亿, then 亿, then 兆", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1000");
    expect(formatCount(7200)).toBe("7200");
    expect(formatCount(9999)).toBe("9999");
    expect(formatCount(10_000)).toBe("1万");
    expect(formatCount(12_345)).toBe("1.2万");
    expect(formatCount(999_999)).toBe("99.9万");
    expect(formatCount(1_000_000)).toBe("100万");
    expect(formatCount(1_900_000)).toBe("190万");
    expect(formatCount(99_999_999)).toBe("9999.9万");
    expect(formatCount(100_000_000)).toBe("1亿");
    expect(formatCount(250_000_000)).toBe("2.5亿");
    expect(formatCount(999_999_999_999)).toBe("9999.9亿");
    expect(formatCount(1e12)).toBe("1兆");
    expect(formatCount(3.21e12)).toBe("3.2兆");
  });

  it("uses English units", () => {
    expect(formatCount(12345, "en")).toBe("12.3k");
    expect(formatCount(1_234_567, "en")).toBe("1.2M");
    expect(formatCount(7.8e9, "en")).toBe("7.8G");
    expect(formatCount(2e12, "en")).toBe("2T");
  });

  it("copes with strings, negatives and junk", () => {
    expect(formatCount("15600")).toBe("1.5万");
    expect(formatCount(-12345)).toBe("-1.2万");
    expect(formatCount(1.25)).toBe("1.2");
    expect(formatCount(undefined)).toBe("0");
    expect(formatCount("abc")).toBe("0");
  });
});

describe("formatTime", () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });

  it("shows the gateway's UTC times in the phone's time zone, to the minute, with the year only when not this one", () => {
    process.env.TZ = "Asia/Shanghai";
    const in2026 = new Date(Date.UTC(2026, 5, 1));
    expect(formatTime("2026-11-25 08:06:30", in2026)).toBe("11-25 16:06");
    expect(formatTime("2026-11-25T08:06:30", in2026)).toBe("11-25 16:06");
    // New Year's Eve in UTC is the next year in Shanghai.
    expect(formatTime("2026-12-31 20:00:00", in2026)).toBe("2027-01-01 04:00");
    expect(formatTime("2025-03-02 01:02:03", in2026)).toBe("2025-03-02 09:02");
    process.env.TZ = "UTC";
    expect(formatTime("2026-11-25 08:06:30", in2026)).toBe("11-25 08:06");
    process.env.TZ = "America/Los_Angeles";
    // This year is the phone's: 1 January 2027 in UTC is still 2026 in Los Angeles.
    expect(formatTime("2027-01-01 05:00:00", new Date(Date.UTC(2026, 11, 31, 12)))).toBe("12-31 21:00");
    expect(formatTime("2026-07-01 12:00:00", in2026)).toBe("07-01 05:00");
  });

  it("takes this year from the phone's clock by default", () => {
    process.env.TZ = "UTC";
    const year = new Date().getUTCFullYear();
    expect(formatTime(`${year}-03-04 05:06:07`)).toBe("03-04 05:06");
    expect(formatTime(`${year - 1}-03-04 05:06:07`)).toBe(`${year - 1}-03-04 05:06`);
  });

  it("shows what it cannot read as it came", () => {
    expect(formatTime("昨天")).toBe("昨天");
    expect(formatTime("")).toBe("");
  });
});
