import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "puppeteer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adultPhone, imageWorkerRequests, launchBrowser } from "../support/browser.ts";
import { startTestGateway, type TestGateway } from "../support/gateway.ts";
import { makeTestCert } from "../support/tls.ts";

let dir: string;
let gw: TestGateway;
let browser: Browser;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "gw-tls-"));
  const cert = makeTestCert(dir);
  gw = await startTestGateway({ env: { TLS_CERT: cert.certFile, TLS_KEY: cert.keyFile } });
  // Trusts this test certificate's key only; any other certificate error still fails.
  browser = await launchBrowser([`--ignore-certificate-errors-spki-list=${cert.spki}`]);
});
afterAll(async () => {
  await browser?.close();
  await gw?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("runs the app over HTTPS and HTTP/2: calls, and images decrypted with WebCrypto", async () => {
  const page = await adultPhone(browser);
  const protocols = new Map<string, string>();
  const client = await page.createCDPSession();
  await client.send("Network.enable");
  client.on("Network.responseReceived", (e) => void protocols.set(new URL(e.response.url).pathname, e.response.protocol ?? ""));
  await page.goto(`${gw.url}/home`);
  await page.waitForSelector(".banner .enc-image[data-state='1']", { visible: true });
  await page.waitForSelector(".video-card .enc-image[data-state='1']", { visible: true });
  expect(await page.evaluate(() => isSecureContext)).toBe(true);
  const banner = await page.$eval(".banner .enc-image img", (img) => (img as HTMLImageElement).src);
  expect(banner).toMatch(/^blob:/);
  expect(protocols.get("/home")).toBe("h2");
  expect(protocols.get("/api/mv/list")).toBe("h2");
  // Images are fetched by the image worker: its own resource timings say how.
  const media = (await imageWorkerRequests(page)).filter((r) => r.path.startsWith("/media/enc/")).map((r) => r.protocol);
  expect(media.length).toBeGreaterThan(0);
  expect(new Set(media)).toEqual(new Set(["h2"]));
});
