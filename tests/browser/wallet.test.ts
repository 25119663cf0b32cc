import { expect, it } from "vitest";
import { accounts, orders } from "#gateway/api/index.ts";
import { sandboxNotification } from "#server/wallet/sandbox-provider.ts";
import { adultPhone, answerDialog, findText, gatewayAndBrowser, submitLogin, tapText } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";

// Top-up on an emulated phone: the sandbox cashier page, the way back to the records, a record that changes while
// it is on screen, and a withdrawal that freezes coins (issue 22).

const suite = gatewayAndBrowser();

it("tops up through the sandbox page, sees the coins and the record update, then withdraws", async () => {
  const member = { phone: "13533330000", password: "secret123" };
  const c = testClient(suite.gw.url);
  c.state.token = (await c.send(accounts.register, member)).token;

  const page = await adultPhone(suite.browser);
  await page.goto(`${suite.gw.url}/login?redirect=%2Fmy%2Frecharge`);
  await submitLogin(page, member.phone, member.password);
  await page.waitForFunction(() => location.pathname === "/my/recharge");
  await tapText(page, "300 金币", "button[role=radio]");
  await tapText(page, "微信支付", "button[role=radio]");
  // The tap leaves the app for the provider's page: clicked once from outside (a click from inside a wait
  // whose answer the navigation overtakes would be waited for again on the provider's page).
  await page.locator(".adm-button ::-p-text(立即支付 ¥30.00)").click();

  // The provider's page, then back to the records with the order on top.
  await page.waitForFunction(() => location.pathname === "/sandbox/pay");
  await findText(page, "¥30.00");
  // A plain form post: the click navigates away, so it is not retried from inside the page.
  await Promise.all([page.waitForNavigation(), page.locator("button.pay").click()]);
  await page.waitForFunction(() => location.pathname === "/my/recharge-records");
  await findText(page, "支付成功，已到账 330 金币");
  expect(await page.$eval(".paged-list .record", (r) => r.textContent)).toContain("已支付");
  await page.goto(`${suite.gw.url}/my`);
  await page.waitForFunction(() => document.querySelector("[data-testid=coins]")?.textContent === "330");

  // A pending order on screen turns paid when the provider's notification comes.
  const pending = await c.send(orders.createPaying, {
    product_id: 1,
    pay_method: "alipay",
  });
  await page.goto(`${suite.gw.url}/my/recharge-records`);
  const row = `[data-testid="order-${pending.order_no}"]`;
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes("待支付"), {}, row);
  const notice = sandboxNotification("dev-sandbox-secret", {
    orderNo: pending.order_no,
    amountCents: 1000,
    paid: true,
    tradeNo: "B1",
  });
  expect(
    await (
      await fetch(`${suite.gw.url}/payments/sandbox/notify`, {
        method: "POST",
        body: new URLSearchParams(notice),
      })
    ).text(),
  ).toBe("success");
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes("已支付"), { timeout: 10_000 }, row);

  await page.goto(`${suite.gw.url}/my/consumptions`);
  await findText(page, "+100 金币");
  await findText(page, "余额 430");

  // Withdrawing: a bad account is said by the form and loses nothing typed; a good one freezes the coins.
  await page.goto(`${suite.gw.url}/my/purse`);
  await tapText(page, "提现", ".wallet-actions button");
  await page.locator("#withdraw-amount-coins").fill("200");
  await page.locator("input[aria-label=收款人姓名]").fill("张三");
  await page.locator("input[aria-label=收款账号]").fill("1391234");
  await tapText(page, "提交提现申请");
  await findText(page, "支付宝账号应为手机号或邮箱");
  expect(await page.$eval("#withdraw-amount-coins", (i) => (i as HTMLInputElement).value)).toBe("200");
  await page.locator("input[aria-label=收款账号]").fill("13912345678");
  await tapText(page, "提交提现申请");
  // Asked first: 200 coins less 5 % is 190 coins, ¥19.00.
  await findText(page, "¥19.00", "dd");
  await answerDialog(page, "确认提现");
  await page.waitForFunction(() => document.querySelector("[data-testid=purse-coins]")?.textContent === "230");
  await findText(page, "审核中");
  await page.browserContext().close();
});
