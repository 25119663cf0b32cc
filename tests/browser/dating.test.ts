import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ElementHandle } from "puppeteer";
import { expect, it } from "vitest";
import { DEMO_DATING } from "#server/dating/seed.ts";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { adultPhone, answerDialog, clickText, findText, gatewayAndBrowser, submitLogin, tapText } from "../support/browser.ts";
import { DEMO } from "../support/gateway.ts";

const suite = gatewayAndBrowser();

/** Now and a minute ago as the app shows a time this year (`MM-DD HH:mm`) in Shanghai. */
function shanghaiNow(): string[] {
  const format = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Shanghai", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return [Date.now(), Date.now() - 60_000].map((t) => {
    const p = Object.fromEntries(format.formatToParts(t).map((x) => [x.type, x.value]));
    return `${p.month}-${p.day} ${p.hour}:${p.minute}`;
  });
}

it("filters by area, unlocks a certified listing, posts a review, finds the listing in 我的约会 and applies for certification", async () => {
  const page = await adultPhone(suite.browser);
  // Times are the phone's, not the gateway's UTC.
  await page.emulateTimezone("Asia/Shanghai");
  await page.goto(`${suite.gw.url}/login?redirect=%2Fdating`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname === "/dating");

  await page.locator(`.adm-tabs-tab ::-p-text(${DEMO_DATING.area})`).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("area") === "1");
  const card = `a.dating-card[aria-label="${DEMO_DATING.name}"]`;
  await page.waitForSelector(card, { visible: true });
  const areas = await page.$$eval(".dating-card-meta", (metas) => metas.map((m) => m.textContent!.split(" · ")[0]));
  expect(new Set(areas)).toEqual(new Set([DEMO_DATING.area]));

  await page.locator(card).click();
  await findText(page, "官方认证");
  // Not in the page before the unlock, in any form.
  expect(await page.content()).not.toContain(DEMO_DATING.contact);
  await tapText(page, `${DEMO_DATING.price} 金币解锁`, "button");
  await answerDialog(page, "解锁");
  await findText(page, `联系方式：${DEMO_DATING.contact}`);

  await clickText(page, "写体验评价", "a");
  await page.waitForFunction(() => location.pathname === "/dating/dcomment");
  const words = "准时赴约，聊得很愉快";
  await page.locator("textarea").fill(words);
  await tapText(page, "发布评价", "button");
  await page.waitForFunction(() => location.pathname === "/dating/detail");
  await findText(page, words, "p");
  const postedAt = await page.$$eval(".dating-review", (reviews, w) => reviews.find((r) => r.textContent!.includes(w))!.querySelector(".dating-card-meta")!.textContent, words);
  expect(shanghaiNow()).toContain(postedAt);
  // Still unlocked on the screen it came back to.
  await findText(page, `联系方式：${DEMO_DATING.contact}`);

  await page.goto(`${suite.gw.url}/my`);
  await clickText(page, "我的约会", "a");
  await page.waitForFunction(() => location.pathname === "/my/my-dating");
  await page.waitForSelector(card, { visible: true });

  // Certification: each message beside its field; what was typed stays; the application's state after.
  await page.goto(`${suite.gw.url}/dating/certify`);
  await tapText(page, "提交申请", "button");
  for (const message of ["请填写姓名", "请填写正确的手机号", "请选择地区", "请填写地址", "请上传至少一张本人近照"]) await findText(page, message, "div");
  // A one-letter name and address: refused under their fields.
  await page.locator('input[aria-label="姓名"]').fill("李");
  await page.locator('input[aria-label="地址"]').fill("示");
  await tapText(page, "提交申请", "button");
  await findText(page, "请填写真实姓名（至少 2 个字）", "div");
  await findText(page, "请填写详细地址（至少 5 个字）", "div");
  await page.locator('input[aria-label="姓名"]').fill("李四");
  await page.locator('input[aria-label="手机号"]').fill("123");
  await tapText(page, "提交申请", "button");
  await findText(page, "请填写正确的手机号", "div");
  expect(await page.$eval('input[aria-label="姓名"]', (i) => (i as HTMLInputElement).value)).toBe("李四");
  await page.locator('input[aria-label="手机号"]').fill("13912345678");
  await page.locator(`.adm-selector-item ::-p-text(${DEMO_DATING.area})`).click();
  await page.locator('input[aria-label="地址"]').fill("示例路 1 号");
  const photo = join(suite.gw.dataDir, "certify-photo.png");
  writeFileSync(photo, placeholderPng("certify", 60, 80));
  const input = (await page.waitForSelector('.adm-image-uploader input[type="file"]')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(photo);
  await page.waitForFunction(() => document.querySelectorAll(".adm-image-uploader-cell img").length === 1 && !document.querySelector(".adm-image-uploader-cell-mask"));
  await page.locator(".adm-checkbox ::-p-text(我确认已年满 18 周岁)").click();
  await page.locator(".adm-checkbox ::-p-text(我确认信息主体本人知情并同意发布)").click();
  await tapText(page, "提交申请", "button");
  await findText(page, "申请状态：审核中");
  const submitted = await page.$eval('[aria-label="申请状态"] .dating-card-meta', (p) => p.textContent!.split("提交于 ")[1]);
  expect(shanghaiNow()).toContain(submitted);
});
