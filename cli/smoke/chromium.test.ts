import { expect, it } from "vitest";
import { headlessMode } from "./chromium.ts";

it("runs a headless shell in its own mode and a browser in the new headless mode", () => {
  expect(headlessMode("/usr/bin/chromium-headless-shell")).toBe("shell");
  expect(headlessMode("/opt/chrome-headless-shell-linux64/chrome-headless-shell")).toBe("shell");
  expect(headlessMode("/usr/bin/chromium")).toBe(true);
  expect(headlessMode("/opt/google/chrome/chrome")).toBe(true);
});
