import { describe, expect, it } from "vitest";
import { accounts, resources, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { answerDialog, clickText, findText, gatewayAndBrowser, tapText } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";
import { returningMember, tapTab } from "../support/journey.ts";

// 观看历史 (decision 081): a position saved on another device shows on /my/history, which the member clears.
const suite = gatewayAndBrowser();

describe("watch history", () => {
  it("lists a video watched on another device with where the member got to, and clears it after a confirm", async () => {
    const { page, phone, password } = await returningMember(suite.gw, suite.browser);
    // Another device of the same member saved a position through the real call.
    const device = testClient(suite.gw.url);
    device.state.token = (await device.send(accounts.loginByPassword, { phone, password })).token;
    await device.send(resources.saveProgress, { item_id: DEMO_FREE_VIDEO_ID, unit_id: 0, position: 754.4, duration: 1200, updated_at: Date.now() });
    const { title } = await device.send(video.detail, { id: DEMO_FREE_VIDEO_ID });

    await tapTab(page, "我的", "/my");
    await clickText(page, "观看历史", "a");
    await page.waitForFunction(() => location.pathname === "/my/history");
    const row = await findText(page, "看到 12:34", "a");
    expect(await row!.evaluate((a) => [a.getAttribute("href"), a.textContent])).toEqual([`/player?id=${DEMO_FREE_VIDEO_ID}`, `${title}看到 12:34`]);

    await tapText(page, "清空");
    await answerDialog(page, "清空");
    await findText(page, "还没有观看记录");
    expect(await page.$$eval(".watched-row", (rows) => rows.filter((r) => (r as HTMLElement).checkVisibility()).length)).toBe(0);
    expect((await device.send(video.history, { page: 1, limit: 20 })).total).toBe(0);
  });
});
