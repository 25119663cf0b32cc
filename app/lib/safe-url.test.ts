import { describe, expect, it } from "vitest";
import { isSafeExternalUrl } from "./safe-url.ts";

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
