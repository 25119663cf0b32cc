import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { runAdmin } from "../support/admin.ts";
import { adultPhone, answerDialog, clickText, findText, gatewayAndBrowser, tapText } from "../support/browser.ts";
import { returningMember, tapFirst, tapTab } from "../support/journey.ts";

// Issue 38 (decision 084): a picture set the operator published is bought by a member; the operator takes it down
// (`content remove`). Another visitor no longer finds it in its list, while its buyer still has it in 我的 › 我的购买,
// marked 已下架, and opens it whole. All by taps, as a returning member with the service worker in control.

const suite = gatewayAndBrowser();
const dir = mkdtempSync(join(tmpdir(), "journey-take-down-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const admin = async (...args: string[]) => {
  const out = await runAdmin(suite.gw, "content", ...args, "--json");
  if (out.code !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout) as { id: number; state?: string };
};

const card = (id: number) => `a.resource-card[href="/picture/detail?id=${id}"]`;

it("keeps a taken-down picture set with its buyer, marked 已下架, and lists it for nobody else", { timeout: 180_000 }, async () => {
  mkdirSync(join(dir, "set"));
  for (let i = 1; i <= 8; i++) writeFileSync(join(dir, "set", `${i}.png`), placeholderPng(`down-${i}`, 120, 160));
  const { id } = await admin("add-pictures", join(dir, "set"), "--title", "将下架的图集", "--price", "5");

  const { page } = await returningMember(suite.gw, suite.browser, { coins: 30 });
  await tapTab(page, "资源", "/resource");
  await clickText(page, "图集", "a");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("type") === "picture");
  await tapFirst(page, card(id));
  await page.waitForFunction(() => location.pathname === "/picture/detail");
  await tapText(page, "5 金币解锁", "button");
  await answerDialog(page, "解锁");
  await findText(page, "图片 8 / 8", "h2");

  expect(await admin("remove", String(id))).toMatchObject({ state: "taken down" });

  // Someone else opening the picture sets now: not there.
  const visitor = await adultPhone(suite.browser);
  await visitor.goto(`${suite.gw.url}/resource?type=picture`);
  await visitor.waitForSelector("a.resource-card", { visible: true });
  expect(await visitor.$(card(id))).toBeNull();
  await visitor.browserContext().close();

  // Its buyer: back to the list, then 我的 › 我的购买 › 图集, marked 已下架, and still whole.
  await page.waitForFunction(() => {
    const shown = [...document.querySelectorAll<HTMLElement>(".page-nav .adm-nav-bar-left")].filter((e) => e.checkVisibility());
    const box = shown[0]?.getBoundingClientRect();
    return shown.length === 1 && box && shown[0]!.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  await tapFirst(page, ".page-nav .adm-nav-bar-left");
  await page.waitForFunction(() => location.pathname === "/resource");
  await tapTab(page, "我的", "/my");
  await clickText(page, "我的购买", "a");
  await page.waitForFunction(() => location.pathname === "/my/my-purchase");
  await tapText(page, "图集", ".adm-tabs-tab");
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((a) => (a as HTMLElement).checkVisibility() && a.textContent?.includes("已下架")), { timeout: 15_000 }, card(id));
  await tapFirst(page, card(id));
  await page.waitForFunction(() => location.pathname === "/picture/detail");
  await findText(page, "将下架的图集", "h1");
  await findText(page, "图片 8 / 8", "h2");
});
