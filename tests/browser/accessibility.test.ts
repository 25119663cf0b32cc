import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { gatewayAndBrowser, phonePage } from "../support/browser.ts";
import { visitEveryScreen } from "../support/screens.ts";

// Evaluated, not added as a <script>: the app's Content-Security-Policy (decision 068) refuses inline scripts, and
// the audit runs under it like every browser test.
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const suite = gatewayAndBrowser();

interface Violation {
  id: string;
  nodes: { target: string[] }[];
}

/**
 * The WCAG 2 A and AA rules axe finds broken on the page as it is, by rule: the elements. A control enabled just
 * now fades in (antd-mobile's buttons: 0.15 s of opacity), and its colours mean something only once it is in: the
 * audit waits for running transitions to end, and is run again when one started while it ran (a saved-offline check
 * answering mid-audit enables its button).
 */
async function violations(page: Page): Promise<Record<string, string[]>> {
  for (let attempt = 1; ; attempt++) {
    await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running"));
    const { found, moved } = await page.evaluate(async () => {
      let moved = 0;
      const count = () => moved++;
      document.addEventListener("transitionrun", count, true);
      try {
        const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
        const running = document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running");
        return { found: result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) })), moved: moved || running };
      } finally {
        document.removeEventListener("transitionrun", count, true);
      }
    });
    if (!moved || attempt === 5) return Object.fromEntries(found.map((v) => [v.id, v.nodes.map((n) => n.target.join(" "))]));
  }
}

// One browser, one page: the age gate on arrival, then sign-in, then every other screen by the app's own navigation,
// signed in. About a minute alone on two cores.
it("breaks no WCAG 2 A or AA rule on any screen of the product", { timeout: 300_000 }, async () => {
  const page = await phonePage(suite.browser);
  const found: Record<string, string[]> = {};
  await visitEveryScreen(suite.gw, page, async (address) => {
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
    for (const [rule, nodes] of Object.entries(await violations(page))) found[`${address} ${rule}`] = nodes;
  });
  expect(found).toEqual({});
});
