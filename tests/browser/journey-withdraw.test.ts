import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { answerDialog, findText, gatewayAndBrowser, tapText } from "../support/browser.ts";
import { returningMember, stillControlled, tapTab } from "../support/journey.ts";

// Issue 33: a withdrawal as a member makes it, from 我的 by taps, with the service worker in control. The sheet
// says each problem under its field, asks before it sends with the amount, the fee and what arrives, and the
// frozen amount and the records show the withdrawal once.

const suite = gatewayAndBrowser();

/** Each field's error as shown: the text under the field's own control, or "" when it has none. */
const fieldErrors = (page: Page, source = "coins") =>
  page.evaluate((source) =>
    Object.fromEntries(
      ["amount", "name", "no"].map((field) => {
        const input = document.getElementById(`withdraw-${field}-${source}`)!;
        const error = input.closest(".withdraw-field")?.querySelector<HTMLElement>(".field-error");
        if (!error) return [field, ""];
        // Under it, and what the control is described by.
        const below = error.getBoundingClientRect().top >= input.getBoundingClientRect().bottom;
        const described = input.getAttribute("aria-describedby") === error.id && input.getAttribute("aria-invalid") === "true";
        return [field, below && described ? error.textContent : `misplaced: ${error.textContent}`];
      }),
    ),
  source);

/** Taps the link `text` once it is scrolled to the middle of the screen (clear of the tab bar), as a person would. */
async function tapLink(page: Page, text: string) {
  const link = await findText(page, text, "a");
  await link!.evaluate((a) => a.scrollIntoView({ block: "center" }));
  await link!.click();
}

const typeInto = (page: Page, field: string, text: string, source = "coins") => page.locator(`#withdraw-${field}-${source}`).fill(text);

/** The figure over `label` on a wallet card, as the member reads it. */
const figure = (page: Page, label: string, value: string) =>
  page.waitForFunction(
    (label, value) =>
      // On screen: screens left behind stay in the page, hidden (decision 005).
      [...document.querySelectorAll(".wallet-figures > div")].find((d) => d.checkVisibility() && d.querySelector("span")?.textContent === label)?.querySelector("strong")?.textContent === value,
    {},
    label,
    value,
  );

/** The member's withdrawals as the database holds them. */
async function withdrawalsOf(uuid: string) {
  const db = suite.gw.openDb();
  try {
    const rows = await db.all<{ source: string; amount: number; fee: number; payout_cents: number; status: string }>(
      "SELECT w.source, w.amount, w.fee, w.payout_cents, w.status FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE u.uuid = ?",
      [uuid],
    );
    return rows.map((r) => ({ ...r, amount: Number(r.amount), fee: Number(r.fee), payout_cents: Number(r.payout_cents) }));
  } finally {
    await db.close();
  }
}

it("withdraws coins from 我的 → 我的钱包: errors under their fields, a confirmation with the fee and what arrives, frozen once", async () => {
  const { page, uuid } = await returningMember(suite.gw, suite.browser, { coins: 1000 });
  const withdrawals = () => withdrawalsOf(uuid);

  await tapTab(page, "我的", "/my");
  await tapLink(page, "我的钱包");
  await page.waitForFunction(() => location.pathname === "/my/purse");
  await page.waitForFunction(() => document.querySelector("[data-testid=purse-coins]")?.textContent === "1000");
  await tapText(page, "提现", ".wallet-actions button");
  await page.waitForSelector("#withdraw-amount-coins", { visible: true });

  // Bordered fields.
  const borders = await page.$$eval(".withdraw-form input", (inputs) =>
    inputs.map((i) => {
      const s = getComputedStyle(i);
      return s.borderTopStyle !== "none" && parseFloat(s.borderTopWidth) >= 1 && s.borderTopColor !== "rgba(0, 0, 0, 0)";
    }),
  );
  expect(borders).toEqual([true, true, true]);

  // Bad input: each problem under its own field, nothing asked, nothing sent.
  await typeInto(page, "amount", "50");
  await typeInto(page, "name", "张");
  await typeInto(page, "no", "1391234");
  await tapText(page, "提交提现申请");
  await findText(page, "支付宝账号应为手机号或邮箱");
  expect(await fieldErrors(page)).toEqual({
    amount: "每次提现 100–50000 金币",
    name: "收款人姓名应为 2–20 个文字",
    no: "支付宝账号应为手机号或邮箱",
  });
  expect(await page.$(".adm-dialog")).toBeNull();
  // A field put right loses its error; the others keep theirs.
  await typeInto(page, "amount", "100");
  await page.waitForFunction(() => !document.querySelector("#withdraw-amount-coins")?.closest(".withdraw-field")?.querySelector(".field-error"));
  expect(await fieldErrors(page)).toEqual({ amount: "", name: "收款人姓名应为 2–20 个文字", no: "支付宝账号应为手机号或邮箱" });
  await typeInto(page, "name", "张三");
  await typeInto(page, "no", "13912345678");
  await page.waitForFunction(() => document.querySelectorAll(".withdraw-form .field-error").length === 0);

  // Asked first: the amount, the fee and what arrives. 取消 sends nothing.
  await tapText(page, "提交提现申请");
  const quote = await page.waitForSelector(".adm-dialog .withdraw-quote", { visible: true });
  const rows = await quote!.$$eval("div", (divs) => divs.map((d) => [d.querySelector("dt")?.textContent, d.querySelector("dd")?.textContent]));
  expect(rows).toEqual([
    ["提现金额", "100 金币"],
    ["手续费（5.00%）", "5 金币"],
    ["实际到账", "¥9.50"],
    ["收款账户", "支付宝 13912345678（张三）"],
  ]);
  await answerDialog(page, "取消");
  expect(await withdrawals()).toEqual([]);

  await tapText(page, "提交提现申请");
  await page.waitForSelector(".adm-dialog .withdraw-quote", { visible: true });
  await answerDialog(page, "确认提现");
  await figure(page, "提现冻结", "100");
  await page.waitForFunction(() => document.querySelector("[data-testid=purse-coins]")?.textContent === "900");
  const records = await page.$$eval("[aria-label=金币提现记录] .record", (rs) => rs.map((r) => r.textContent));
  expect(records).toHaveLength(1);
  expect(records[0]).toContain("提现 100 金币");
  expect(records[0]).toContain("到账 ¥9.50");
  expect(records[0]).toContain("审核中");
  expect(await withdrawals()).toEqual([{ source: "coins", amount: 100, fee: 5, payout_cents: 950, status: "pending" }]);
  expect(await stillControlled(page)).toBe(true);
});

it("withdraws agent income from 我的钱包 → 推广中心 the same way: ¥50.00 less 2 % arrives as ¥49.00", async () => {
  const { page, uuid } = await returningMember(suite.gw, suite.browser);
  const db = suite.gw.openDb();
  try {
    await db.run("UPDATE users SET tui_coins_cents = 8000, total_tui_coins_cents = 8000 WHERE uuid = ?", [uuid]);
  } finally {
    await db.close();
  }
  await tapTab(page, "我的", "/my");
  await tapLink(page, "我的钱包");
  await page.waitForFunction(() => location.pathname === "/my/purse");
  await tapLink(page, "推广中心");
  await page.waitForFunction(() => location.pathname === "/my/proxy");
  await figure(page, "可用", "80.00");
  await tapText(page, "提现", ".wallet-actions button");
  await page.waitForSelector("#withdraw-amount-agent", { visible: true });

  await typeInto(page, "amount", "10", "agent");
  await typeInto(page, "name", "张三", "agent");
  await typeInto(page, "no", "13912345678", "agent");
  await tapText(page, "提交提现申请");
  await findText(page, "每次提现");
  expect(await fieldErrors(page, "agent")).toEqual({ amount: "每次提现 50.00–5000.00 元", name: "", no: "" });

  await typeInto(page, "amount", "50", "agent");
  await tapText(page, "提交提现申请");
  const quote = await page.waitForSelector(".adm-dialog .withdraw-quote", { visible: true });
  const rows = await quote!.$$eval("div", (divs) => divs.map((d) => [d.querySelector("dt")?.textContent, d.querySelector("dd")?.textContent]));
  expect(rows.slice(0, 3)).toEqual([
    ["提现金额", "¥50.00"],
    ["手续费（2.00%）", "¥1.00"],
    ["实际到账", "¥49.00"],
  ]);
  await answerDialog(page, "确认提现");
  await figure(page, "提现冻结", "50.00");
  await figure(page, "可用", "30.00");
  expect(await withdrawalsOf(uuid)).toEqual([{ source: "agent", amount: 5000, fee: 100, payout_cents: 4900, status: "pending" }]);
  expect(await stillControlled(page)).toBe(true);
});
