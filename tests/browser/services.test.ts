import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";
import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { accounts } from "#gateway/api/index.ts";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { adultPhone, findText, gatewayAndBrowser, memberOnPhone, submitLogin, tapText } from "../support/browser.ts";
import { DEMO, REPO_ROOT, testClient } from "../support/gateway.ts";

// Issue 22's member services on an emulated phone: the share QR code, feedback with a picture, and a support
// conversation answered by an operator's command.

const suite = gatewayAndBrowser();
let page: Page;

async function demoPage(): Promise<Page> {
  if (page) return page;
  page = await adultPhone(suite.browser, { shared: true });
  await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname === "/my");
  return page;
}

it("shows a QR code on /share/index that decodes to the member's share link", async () => {
  const p = await demoPage();
  await p.goto(`${suite.gw.url}/share/index`);
  const img = await p.waitForSelector('img[data-testid="share-qr"]');
  await img!.evaluate((i) => (i as HTMLImageElement).decode());
  const pixels = await img!.evaluate((i) => {
    const image = i as HTMLImageElement;
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(image, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(data), width, height };
  });
  const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  const link = await p.$eval('[data-testid="share-link"]', (e) => e.textContent!.trim());
  const code = await p.$eval('[data-testid="aff-code"]', (e) => e.textContent!.trim());
  expect(link).toBe(`${suite.gw.url}/?aff_code=${code}`);
  expect(decoded?.data).toBe(link);
  // Save is offered once the picture is made.
  await tapText(p, "保存二维码");
});

it("sends feedback with a picture from /my/issues and lists it", async () => {
  const p = await demoPage();
  await p.goto(`${suite.gw.url}/my/issues?tab=send`);
  const file = join(mkdtempSync(join(tmpdir(), "feedback-")), "shot.png");
  writeFileSync(file, placeholderPng("feedback", 64, 64));
  const input = await p.waitForSelector(".adm-image-uploader input[type=file]");
  await input!.uploadFile(file);
  // Uploaded: a cell without the pending mask.
  await p.waitForFunction(() => document.querySelector(".adm-image-uploader-cell") && !document.querySelector(".adm-image-uploader-cell-mask"));
  await p.locator("textarea#feedback-content").fill("分享页的二维码很好用，建议增加海报样式");
  await tapText(p, "提交反馈");
  await findText(p, "反馈已提交");
  await p.waitForFunction(() => location.search.includes("tab=mine"));
  await findText(p, "建议增加海报样式", "p");
  await p.waitForSelector('.feedback-item img[alt="反馈图片"]', { visible: true });
});

it("gets an operator's reply in the open support conversation without a reload", async () => {
  const p = await demoPage();
  await p.goto(`${suite.gw.url}/user/customer`);
  await p.locator("textarea#support-message").fill("会员到期时间显示不对");
  await tapText(p, "发送");
  await findText(p, "会员到期时间显示不对", "*[@data-from=\"member\"]");
  await p.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const c = testClient(suite.gw.url);
  c.state.token = (await c.send(accounts.loginByPassword, DEMO)).token;
  const uid = (await c.send(accounts.userInfo, undefined)).uid;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "server/admin/index.ts", "support", "reply", String(uid), "已为你刷新会员状态"], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: suite.gw.dataDir, ...(suite.gw.databaseUrl ? { DATABASE_URL: suite.gw.databaseUrl } : {}) },
  });
  expect(stdout).toMatch(/replied to member/);

  const reply = await findText(p, "已为你刷新会员状态", '*[@data-from="staff"]');
  expect(reply).toBeTruthy();
  expect(await p.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  // Newest at the bottom.
  expect(await p.$$eval(".chat-line", (lines) => lines.at(-1)?.getAttribute("data-from"))).toBe("staff");
});

it("redeems an exchange code from /my: a wrong one keeps what was typed and says why, a right one adds its coins", async () => {
  const p = await memberOnPhone(suite.gw, suite.browser, String(13_600_000_000 + Math.floor(Math.random() * 1_000_000)), 0);
  const coins = () => p.$$eval('[data-testid="coins"]', (els) => els.find((e) => e.checkVisibility())?.textContent?.trim());
  await p.waitForFunction(() => [...document.querySelectorAll('[data-testid="coins"]')].some((e) => e.textContent?.trim() === "0"));
  await tapText(p, "兑换码", "button.row-button");
  const input = await p.waitForSelector('input[aria-label="兑换码"]', { visible: true });
  await input!.type("NOSUCHCODE");
  await tapText(p, "立即兑换");
  await findText(p, "兑换码不存在，请检查后重试");
  expect(await input!.evaluate((i) => (i as HTMLInputElement).value)).toBe("NOSUCHCODE");
  await p.locator('input[aria-label="兑换码"]').fill("DEMOCOINS100");
  expect(await input!.evaluate((i) => (i as HTMLInputElement).value)).toBe("DEMOCOINS100");
  await tapText(p, "立即兑换");
  await findText(p, "兑换成功，获得 100 金币");
  // The sheet closes and /my reads the balance again.
  await p.waitForSelector('input[aria-label="兑换码"]', { hidden: true });
  await p.waitForFunction(() => [...document.querySelectorAll('[data-testid="coins"]')].some((e) => e.checkVisibility() && e.textContent?.trim() === "100"));
  expect(await coins()).toBe("100");
});
