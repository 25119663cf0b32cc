import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "puppeteer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, phonePage, submitLogin } from "../support/browser.ts";
import { runCli } from "../support/cli.ts";
import { DEMO, startTestGateway, type TestGateway } from "../support/gateway.ts";
import { recordHar } from "../support/har.ts";

let gw: TestGateway;
let browser: Browser;
let dir: string;
beforeAll(async () => {
  gw = await startTestGateway();
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), "gw-har-"));
});
afterAll(async () => {
  await browser?.close();
  await gw?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Decoded {
  path: string;
  request?: { signValid: boolean; fields?: Record<string, unknown> };
  response?: { signValid: boolean; payload?: { status: number; data: unknown } };
}

it("decrypts every gateway call of a HAR captured from a real browser run", async () => {
  const page = await phonePage(browser);
  const recorder = await recordHar(page);
  await page.evaluateOnNewDocument(() => localStorage.setItem("___AGE_CONFIRMED__", "1"));
  // The home screen first: it sends its small calls as one batch.
  await page.goto(`${gw.url}/home`);
  await page.waitForSelector(".video-card", { visible: true });
  await page.goto(`${gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname === "/my");
  await page.waitForSelector('[data-testid="coins"]');

  const harFile = join(dir, "capture.har");
  writeFileSync(harFile, JSON.stringify(await recorder.har()));
  const result = await runCli(["--json", "decrypt", harFile]);
  expect(result.code, result.stderr).toBe(0);
  const calls = JSON.parse(result.stdout) as Decoded[];

  const login = calls.find((c) => c.path === "/api/Home/loginByPassword");
  expect(login?.request).toMatchObject({ signValid: true, fields: { phone: DEMO.phone, password: DEMO.password, system_oauth_type: "pwa" } });
  expect(login?.response).toMatchObject({ signValid: true, payload: { status: 200 } });
  const info = calls.filter((c) => c.path === "/api/user/userinfo").pop();
  expect(info?.response?.payload?.data).toMatchObject({ phone: DEMO.phone, coins: 1000 });
  expect(calls.some((c) => c.path === "/api/home/getConfig")).toBe(true);
  // A batch opens like any call: the calls it carried, and their payloads in the same order.
  const batch = calls.find((c) => c.path === "/api/system/batch");
  const carried = (batch?.request?.fields?.calls as { path: string }[] | undefined)?.map((c) => c.path);
  expect(carried).toEqual(["/api/home/getConfig", "/api/system/getad", "/api/tab/listv1"]);
  const answers = batch?.response?.payload?.data as { status: number; data: unknown }[];
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(answers[2]!.data).toEqual(expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]));
  expect(calls.every((c) => c.request?.signValid !== false && c.response?.signValid !== false)).toBe(true);

  const human = await runCli(["decrypt", harFile]);
  expect(human.stdout).toMatch(/POST \/api\/Home\/loginByPassword → HTTP 200/);
  expect(human.stdout).toMatch(/\d+ gateway call\(s\), \d+ other request\(s\) skipped/);
});
