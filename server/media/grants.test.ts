import { describe, expect, it } from "vitest";
import { grantIsValid, grantQuery } from "./grants.ts";

describe("media grants", () => {
  const now = Date.UTC(2026, 10, 27);
  const expires = now / 1000 + 60;
  const read = (query: string) => (name: string) => new URLSearchParams(query).get(name) ?? undefined;

  it("holds for its subject, holder and expiry only", () => {
    const query = grantQuery("secret", "video/7", 42, expires);
    expect(grantIsValid("secret", "video/7", read(query), now)).toBe(true);
    expect(grantIsValid("secret", "video/8", read(query), now)).toBe(false);
    expect(grantIsValid("other", "video/7", read(query), now)).toBe(false);
    expect(grantIsValid("secret", "video/7", read(query.replace("u=42", "u=43")), now)).toBe(false);
    expect(grantIsValid("secret", "video/7", read(query.replace(`e=${expires}`, `e=${expires + 1}`)), now)).toBe(false);
    expect(grantIsValid("secret", "video/7", read(query), (expires + 1) * 1000)).toBe(false);
    expect(grantIsValid("secret", "video/7", read(""), now)).toBe(false);
  });

  it("signs audio chapters as decision 044 did: the chapter id as the subject", () => {
    expect(grantQuery("secret", "7", 42, expires)).toMatch(new RegExp(`^u=42&e=${expires}&s=[\\w-]{32}$`));
    expect(grantQuery("secret", "7", 42, expires)).not.toBe(grantQuery("secret", "video/7", 42, expires));
  });
});
