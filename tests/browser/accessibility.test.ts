import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { gatewayAndBrowser, adultPhone, submitLogin } from "../support/browser.ts";
import { DEMO } from "../support/gateway.ts";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const suite = gatewayAndBrowser();

// The screens a member goes through, each with the element that says its content is in.
const SCREENS: [path: string, ready: string][] = [
  ["/home", ".video-card"],
  ["/player?id=1", ".player-info"],
  ["/player?id=2", ".locked-panel-body"],
  ["/search", ".page-body"],
  ["/search/result?kw=%E7%A4%BA%E4%BE%8B&type=video", ".video-card"],
  ["/home/creator?uid=2", ".video-card"],
  ["/user/fan-group?uid=2", ".rank-row"],
  ["/category?id=1", ".video-card"],
  ["/resource", ".resource-tile"],
  ["/category?title=%E5%B0%8F%E8%AF%B4&type=novel", ".resource-card"],
  ["/my/my-like?list=comic", ".page-body"],
  ["/my/my-like?list=follow", ".page-body"],
  ["/my/my-purchase?kind=novel", ".page-body"],
  ["/picture/detail?id=32001", ".picture-grid"],
  ["/game/detail?id=34001", ".game-shots"],
  ["/audio/detail?id=33001", ".audio-chapters"],
  ["/discovery/theme", ".video-card"],
  ["/my", ".my-list"],
  ["/my/my-tickets", ".page-body"],
  ["/my/recharge", ".product-grid"],
  ["/my/purse", ".wallet-card"],
  ["/share/index", ".page-body"],
  ["/my/issues", ".page-body"],
  ["/user/customer", ".page-body"],
  ["/nope", ".error-page"],
];

interface Violation {
  id: string;
  nodes: { target: string[] }[];
}

// 25 page loads with axe on each: 30 s alone, 90 s beside another browser file on two cores.
it("breaks no WCAG 2 A or AA rule on the screens a member goes through", { timeout: 240_000 }, async () => {
  const page = await adultPhone(suite.browser);
  await page.goto(`${suite.gw.url}/login`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname !== "/login");
  const found: Record<string, string[]> = {};
  for (const [path, ready] of SCREENS) {
    await page.goto(`${suite.gw.url}${path}`);
    await page.waitForSelector(ready, { visible: true });
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
      return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    });
    for (const v of violations) found[`${path} ${v.id}`] = v.nodes.map((n) => n.target.join(" "));
  }
  expect(found).toEqual({});
});
