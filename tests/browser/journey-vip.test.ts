import { expect, it } from "vitest";
import { accounts } from "#gateway/api/index.ts";
import { clickText, findText, gatewayAndBrowser, phonePage, tapText } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";
import { returningMember, tapTab } from "../support/journey.ts";

// Issue 34: VIP is a time a member can read (decision 064): /my says when it ends in the phone's time zone, and a
// VIP plan says, before paying, the end now and the end after buying. And an invitation link binds whoever
// registers through it.

const suite = gatewayAndBrowser();
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD hh:mm` in Shanghai (UTC+8, no summer time): how formatTime shows a time of another year there. */
const shanghai = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace("T", " ").slice(0, 16);

async function sql(text: string, ...args: unknown[]) {
  const db = suite.gw.openDb();
  try {
    return await db.all(text, args);
  } finally {
    await db.close();
  }
}

it("shows 会员到期 on 我的 in the phone's time zone, and each VIP plan's end after buying before paying", async () => {
  const { page, uuid } = await returningMember(suite.gw, suite.browser, { coins: 0 });
  await page.emulateTimezone("Asia/Shanghai");
  // Late in a UTC day next year: the next day in Shanghai.
  const end = Date.UTC(new Date().getUTCFullYear() + 1, 5, 15, 20, 30, 0);
  await sql("UPDATE users SET vip_expires_at = ? WHERE uuid = ?", end, uuid);

  await tapTab(page, "我的", "/my");
  await page.waitForFunction((text) => document.querySelector("[data-testid=vip-end]")?.textContent === text, {}, `会员到期 ${shanghai(end)}`);
  expect(shanghai(end)).toMatch(/-06-16 04:30$/);
  await page.waitForSelector(".my-meta .badge-vip", { visible: true });

  await clickText(page, "充值中心", "a");
  await page.waitForFunction(() => location.pathname === "/my/recharge");
  await tapText(page, "VIP 会员", ".adm-tabs-tab");
  await tapText(page, "月卡 VIP", "button[role=radio]");
  const ends = (days: number) => `当前会员到期：${shanghai(end)}，购买后到期：${shanghai(end + days * DAY_MS)}`;
  await page.waitForFunction((text) => document.querySelector("[data-testid=vip-ends]")?.textContent === text, {}, ends(30));
  await tapText(page, "季卡 VIP", "button[role=radio]");
  await page.waitForFunction((text) => document.querySelector("[data-testid=vip-ends]")?.textContent === text, {}, ends(90));
  await findText(page, "立即支付 ¥68.00", "button");
});

it("binds a visitor who came through an invitation link and registered to the inviter", async () => {
  const inviter = testClient(suite.gw.url);
  const signedUp = await inviter.send(accounts.register, { phone: "13911110000", password: "secret123" });
  inviter.state.token = signedUp.token;
  const { aff_code, share_url } = await inviter.send(accounts.userInfo, undefined);
  expect(new URL(share_url).search).toBe(`?aff_code=${aff_code}`);

  // A first visit: the age gate, from the link a friend shared.
  const page = await phonePage(suite.browser);
  await page.evaluateOnNewDocument(() => sessionStorage.setItem("___HOME_NOTICE__", "1"));
  await page.goto(`${suite.gw.url}/${new URL(share_url).search}`);
  await clickText(page, "我已年满 18 岁，进入", "button");
  await page.waitForFunction(() => location.pathname === "/home");
  await tapTab(page, "我的", "/my");
  await clickText(page, "登录 / 注册", "button");
  await page.waitForFunction(() => location.pathname === "/login");
  await tapText(page, "注册", ".adm-tabs-tab");
  await page.waitForSelector('input[name="confirm"]', { visible: true });
  await page.locator('input[name="phone"]').fill("13911110001");
  await page.locator('input[name="password"]').fill("secret123");
  await page.locator('input[name="confirm"]').fill("secret123");
  await tapText(page, "注册并登录", 'form button[type="submit"]');
  await page.waitForFunction(() => location.pathname === "/my");

  const [inviterRow] = await sql("SELECT id FROM users WHERE phone = '13911110000'");
  expect(await sql("SELECT invited_by, invite_by_code FROM users WHERE phone = '13911110001'")).toEqual([{ invited_by: inviterRow!.id, invite_by_code: aff_code }]);
  // The inviter sees them among whom they invited.
  expect((await inviter.send(accounts.inviteList, {})).list.map((m) => m.uid)).toHaveLength(1);
});
