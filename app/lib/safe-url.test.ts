import { describe, expect, it } from "vitest";
import { isSafeExternalUrl, safeRedirect } from "./safe-url.ts";

describe("isSafeExternalUrl", () => {
  it("allows web, mail and phone links", () => {
    for (const url of ["https://example.com/a", "http://x.test", "mailto:a@b.c", "tel:10086", "/relative"]) {
      expect(isSafeExternalUrl(url), url).toBe(true);
    }
  });

  it("refuses dangerous protocols, however disguised", () => {
    for (const url of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", " java\tscript:alert(1)", "data:text/html,<b>", "vbscript:x", "file:///etc/passwd", ""]) {
      expect(isSafeExternalUrl(url), url).toBe(false);
    }
  });
});

describe("safeRedirect", () => {
  it("keeps in-app paths with their query", () => {
    expect(safeRedirect("/my/setting")).toBe("/my/setting");
    expect(safeRedirect("/my/announcement?page=2")).toBe("/my/announcement?page=2");
  });

  it("falls back for other origins, schemes and junk", () => {
    for (const target of [null, "", "https://evil.test/", "//evil.test", "/\\evil.test", "javascript:alert(1)", "my", "/\t/evil.test"]) {
      expect(safeRedirect(target, "/home"), String(target)).toBe("/home");
    }
  });
});
