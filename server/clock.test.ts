import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "#gateway/config.ts";
import { clock, TEST_CLOCK_FILE, useClock } from "./clock.ts";
import { readSettings } from "./env.ts";

const dir = mkdtempSync(join(tmpdir(), "clock-"));
afterEach(() => useClock(dir, false));

describe("the server's clock", () => {
  it("runs the test clock's offset, read at every call, only when movable", () => {
    writeFileSync(join(dir, TEST_CLOCK_FILE), String(40 * 86_400_000));
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(60_000);
    useClock(dir, true);
    expect(clock.now() - Date.now()).toBeGreaterThan(39 * 86_400_000);
    writeFileSync(join(dir, TEST_CLOCK_FILE), "-1000");
    expect(clock.now()).toBeLessThanOrEqual(Date.now());
    rmSync(join(dir, TEST_CLOCK_FILE));
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(60_000);
  });

  it("is movable only with the development keys and outside production", () => {
    expect(readSettings({ GATEWAY_TEST_CLOCK: "1" }).testClock).toBe(true);
    expect(readSettings({}).testClock).toBe(false);
    for (const env of [{ GATEWAY_SIGN_SECRET: "a-real-secret" }, { NODE_ENV: "production" }]) {
      expect(() => readSettings({ GATEWAY_TEST_CLOCK: "1", ...env })).toThrow(ConfigError);
    }
  });
});
