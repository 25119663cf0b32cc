import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { clickText, findText, gatewayAndBrowser, tapText } from "../support/browser.ts";
import { returningMember, stillControlled, tapTab } from "../support/journey.ts";

// Issue 33, broken journey 1: a top-up with the app installed. The service worker must leave the payment
// provider's cashier to the network, and the cashier must not stay in the member's history.

const suite = gatewayAndBrowser();

/** Taps the title bar's 返回, as a person would. */
const tapBack = (page: Page) => page.locator(".page-nav .adm-nav-bar-left").click();

it("tops up from 我的 → 充值中心 with the worker in control: the cashier, then 充值记录 with the order paid, the coins credited once, and 返回 not into the cashier", async () => {
  const { page, uuid } = await returningMember(suite.gw, suite.browser, { coins: 0 });
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  await tapTab(page, "我的", "/my");
  await clickText(page, "充值中心", "a");
  await page.waitForFunction(() => location.pathname === "/my/recharge");
  await tapText(page, "300 金币", "button[role=radio]");
  // Leaves the app: clicked once from outside (a click from inside a wait that the navigation overtakes would
  // be waited for again on the next page).
  const [cashier] = await Promise.all([page.waitForNavigation(), page.locator(".adm-button ::-p-text(立即支付 ¥30.00)").click()]);
  expect(new URL(cashier!.url()).pathname).toBe("/sandbox/pay");
  // The gateway's page, from the network: not the app's shell answering for it (页面不存在).
  expect(cashier!.fromServiceWorker()).toBe(false);
  await findText(page, "沙箱收银台", "h1");
  await findText(page, "¥30.00");
  expect(await stillControlled(page)).toBe(true);

  await Promise.all([page.waitForNavigation(), page.locator("button.pay ::-p-text(确认支付)").click()]);
  await page.waitForFunction(() => location.pathname === "/my/recharge-records");
  await findText(page, "支付成功，已到账 330 金币");
  const orderNo = new URL(page.url()).searchParams.get("order_no")!;
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes("已支付"), {}, `[data-testid="order-${orderNo}"]`);

  // Credited once: the balance and one ledger line for the top-up.
  const db = suite.gw.openDb();
  try {
    expect(await db.value("SELECT coins FROM users WHERE uuid = ?", [uuid])).toBe(330);
    const lines = await db.all<{ coins: number; balance_after: number }>(
      "SELECT s.coins, s.balance_after FROM spending s JOIN users u ON u.id = s.user_id WHERE u.uuid = ? AND s.reason = 'recharge'",
      [uuid],
    );
    // The ledger counts coins spent: a credit is a negative line.
    expect(lines.map((l) => [Number(l.coins), Number(l.balance_after)])).toEqual([[-330, 330]]);
    expect(await db.value("SELECT status FROM orders WHERE order_no = ?", [orderNo])).toBe("paid");
  } finally {
    await db.close();
  }

  // 返回 goes where the member came from (the recharge centre), not into the cashier and back.
  const before = visited.length;
  await tapBack(page);
  await page.waitForFunction(() => location.pathname === "/my/recharge");
  await page.waitForFunction(() => document.querySelector("[data-testid=recharge-coins]")?.textContent === "330");
  expect(visited.slice(before)).not.toContain("/sandbox/pay");
  expect(visited.slice(before)).not.toContain("/my/recharge-records");
  await tapBack(page);
  await page.waitForFunction(() => location.pathname === "/my");
  await page.waitForFunction(() => document.querySelector("[data-testid=coins]")?.textContent === "330");
  expect(visited.slice(before)).not.toContain("/sandbox/pay");
  expect(visited.filter((p) => p === "/sandbox/pay")).toHaveLength(1);
  expect(await stillControlled(page)).toBe(true);
});
