import { describe, expect, it } from "vitest";
import { OAUTH_ID_STORAGE_KEY } from "./config.ts";
import { buildIdentity, createOAuthId, loadOAuthId, memoryStorage, OAUTH_ID_RE, resetOAuthId } from "./identity.ts";

describe("oauth id", () => {
  it("is 19 alphanumerics, an underscore and the millisecond timestamp", () => {
    const id = createOAuthId(1700000000123);
    expect(id).toMatch(/^[A-Za-z0-9]{19}_1700000000123$/);
    expect(createOAuthId()).not.toBe(createOAuthId());
  });

  it("is created once, kept, replaced when corrupt and regenerated on reset", () => {
    const storage = memoryStorage();
    const first = loadOAuthId(storage);
    expect(first).toMatch(OAUTH_ID_RE);
    expect(storage.getItem(OAUTH_ID_STORAGE_KEY)).toBe(first);
    expect(loadOAuthId(storage)).toBe(first);
    storage.setItem(OAUTH_ID_STORAGE_KEY, "garbage");
    const repaired = loadOAuthId(storage);
    expect(repaired).toMatch(OAUTH_ID_RE);
    const reset = resetOAuthId(storage);
    expect(reset).not.toBe(repaired);
    expect(storage.getItem(OAUTH_ID_STORAGE_KEY)).toBe(reset);
  });

  it("fills every identity field", () => {
    const identity = buildIdentity({ oauthId: "x", token: "t" });
    expect(Object.keys(identity).sort()).toEqual([
      "system_app_type",
      "system_build",
      "system_build_id",
      "system_oauth_id",
      "system_oauth_new_id",
      "system_oauth_type",
      "system_token",
      "system_version",
    ]);
    expect(identity).toMatchObject({ system_oauth_type: "pwa", system_version: "6.2.0", system_token: "t" });
  });
});
