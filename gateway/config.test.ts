import { describe, expect, it } from "vitest";
import { ConfigError, configFromEnv, DEV_AES_KEY, parseGatewayConfig, parseLines } from "./config.ts";

describe("gateway config", () => {
  it("falls back to the documented development keys and defaults", () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ aesKey: DEV_AES_KEY, version: "6.2.0", timeoutMs: 50_000, lines: [] });
  });

  it("reads lines and keys from the environment", () => {
    const config = configFromEnv({
      GATEWAY_LINES: " http://a.test/ ,,https://b.test",
      GATEWAY_AES_KEY: "kkkkkkkkkkkkkkkk",
      GATEWAY_AES_IV: "iiiiiiiiiiiiiiii",
      GATEWAY_SIGN_SECRET: "s",
    });
    expect(config.lines).toEqual(["http://a.test", "https://b.test"]);
    expect(config.aesKey).toBe("kkkkkkkkkkkkkkkk");
  });

  it("lists every problem at once", () => {
    try {
      parseGatewayConfig({ lines: ["not a url"], aesKey: "short", aesIv: "x".repeat(17), signSecret: "" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toMatch(/lines\.0/);
      expect(problems).toMatch(/aesKey: aesKey must be exactly 16 bytes/);
      expect(problems).toMatch(/aesIv/);
      expect(problems).toMatch(/signSecret/);
    }
  });

  it("splits comma-separated lines", () => {
    expect(parseLines(undefined)).toEqual([]);
    expect(parseLines("http://x///")).toEqual(["http://x"]);
  });
});
