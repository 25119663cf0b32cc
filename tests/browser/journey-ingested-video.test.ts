import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runAdmin } from "../support/admin.ts";
import { adultPhone, answerDialog, clickText, findText, gatewayAndBrowser, tapText } from "../support/browser.ts";
import { returningMember, tapFirst, tapTab } from "../support/journey.ts";

// Issue 38: a paid video the operator published with `content add-video` is found by a member through search, previewed,
// bought at its price and watched on; after `content remove`, nobody else finds it, while its buyer still has it in
// 我的 › 我的购买, marked 已下架, and plays it. By taps, as a returning member with the service worker in control.

const suite = gatewayAndBrowser();
const dir = mkdtempSync(join(tmpdir(), "journey-ingested-video-"));
const TITLE = "入库付费短片";
let id: number;

beforeAll(async () => {
  const source = join(dir, "sample.mp4");
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=24:duration=6", "-f", "lavfi", "-i", "sine=frequency=330:duration=6", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", source]);
  const out = await runAdmin(suite.gw, "content", "add-video", source, "--title", TITLE, "--price", "8", "--preview-seconds", "2", "--json");
  expect(out.code, out.stderr).toBe(0);
  id = (JSON.parse(out.stdout) as { id: number }).id;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shownVideo = "[...document.querySelectorAll('.player-stage video')].find((v) => v.checkVisibility())";
const card = () => `a.video-card[href="/player?id=${id}"]`;

async function search(page: import("puppeteer").Page) {
  await page.locator('::-p-aria([name="搜索视频、创作者"][role="link"])').click();
  await page.waitForFunction(() => location.pathname === "/search");
  await page.locator(".adm-search-bar input").fill(TITLE);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => location.pathname === "/search/result");
}

it("is found, previewed, bought and watched; once taken down, kept by its buyer only", { timeout: 240_000 }, async () => {
  const { page } = await returningMember(suite.gw, suite.browser, { coins: 30 });
  await search(page);
  await tapFirst(page, card());
  await page.waitForFunction((want) => location.pathname + location.search === want, {}, `/player?id=${id}`);
  await findText(page, TITLE);
  await findText(page, "试看中");
  await page.waitForSelector(".player-stage .locked-panel", { visible: true, timeout: 30_000 });
  await tapText(page, "8 金币解锁", "button");
  await answerDialog(page, "解锁");
  await page.waitForFunction(`(() => { const v = ${shownVideo}; return !!v && !v.paused && v.currentTime > 2.5; })()`, { timeout: 30_000 });

  const removed = await runAdmin(suite.gw, "content", "remove", String(id));
  expect(removed.code, removed.stderr).toBe(0);

  // Another visitor searching for it finds nothing.
  const visitor = await adultPhone(suite.browser);
  await visitor.goto(`${suite.gw.url}/home`);
  await search(visitor);
  await findText(visitor, "没有找到相关视频");
  expect(await visitor.$(card())).toBeNull();
  await visitor.browserContext().close();

  // Its buyer: 我的 › 我的购买, marked 已下架, and it plays.
  await page.goto(`${suite.gw.url}/home`);
  await tapTab(page, "我的", "/my");
  await clickText(page, "我的购买", "a");
  await page.waitForFunction(() => location.pathname === "/my/my-purchase");
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((a) => (a as HTMLElement).checkVisibility() && a.textContent?.includes("已下架")), { timeout: 15_000 }, card());
  await tapFirst(page, card());
  await page.waitForFunction(() => location.pathname === "/player");
  await page.waitForFunction(`(() => { const v = ${shownVideo}; return !!v && !v.paused && v.currentTime > 0.2; })()`, { timeout: 30_000 });
});
