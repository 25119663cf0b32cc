import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "puppeteer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { adultPhone, gatewayAndBrowser } from "../support/browser.ts";

// The gateway's headers as a browser takes them (decision 068): the app lives with its Content-Security-Policy (no
// screen reports a violation), an inline script added to the page does not run, and no other site can frame it.

const suite = gatewayAndBrowser();

// A page on another origin that frames the app, as a clickjacking page would.
let framer: Server;
let framerUrl = "";
beforeAll(async () => {
  framer = createServer((req, res) => {
    const target = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>framer</title><iframe id="app" src="${target.replace(/"/g, "")}" width="390" height="600"></iframe>`);
  });
  await new Promise<void>((done) => framer.listen(0, "127.0.0.1", done));
  framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => framer.close(() => done())));

/** Collects the page's CSP violations (the event, and Chrome's console line) from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (m) => /Content Security Policy/i.test(m.text()) && seen.push(m.text()));
  await page.exposeFunction("__cspViolation", (text: string) => void seen.push(text));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      void (window as unknown as { __cspViolation(t: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

it("runs the app's screens with no violation of its policy", { timeout: 120_000 }, async () => {
  const page = await adultPhone(suite.browser);
  const seen = await watchViolations(page);
  const screens = ["/home", `/player?id=${DEMO_FREE_VIDEO_ID}`, "/resource", "/circle", "/my", "/login"];
  for (const screen of screens) {
    await page.goto(`${suite.gw.url}${screen}`);
    // The screen drew its content: the app's scripts ran.
    await page.waitForFunction(() => !document.querySelector(".boot") && document.querySelectorAll("a, button").length > 0);
  }
  // Covers are decrypted into blob: images; wait for one so image loading ran under the policy too.
  await page.goto(`${suite.gw.url}/home`);
  await page.waitForFunction(() => [...document.images].some((i) => i.src.startsWith("blob:") && i.complete && i.naturalWidth > 0), { timeout: 30_000 });
  // The free video plays (media from the origin, under media-src).
  await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
  // Its source is set once the poster has painted (decision 092).
  await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 1);
  await page.$eval("video", (v) => {
    (v as HTMLVideoElement).muted = true;
    void (v as HTMLVideoElement).play();
  });
  await page.waitForFunction(() => (document.querySelector("video") as HTMLVideoElement).currentTime > 0.3, { timeout: 20_000 });
  expect(seen).toEqual([]);
});

it("does not run an inline script added to the page", async () => {
  const page = await adultPhone(suite.browser);
  const seen = await watchViolations(page);
  await page.goto(`${suite.gw.url}/home`);
  await page.waitForSelector("nav a");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = 1;";
    document.body.append(script);
    const handler = document.createElement("img");
    handler.setAttribute("src", "data:,x");
    handler.setAttribute("onerror", "window.__injected = 2;");
    document.body.append(handler);
  });
  await expect.poll(() => seen.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect(seen.some((s) => s.startsWith("script-src-elem inline"))).toBe(true);
  expect(seen.some((s) => s.startsWith("script-src-attr inline"))).toBe(true);
});

it("refuses to be framed by another site", async () => {
  const page = await adultPhone(suite.browser);
  const refusals: string[] = [];
  page.on("console", (m) => /frame-ancestors|Refused to (frame|display)/i.test(m.text()) && refusals.push(m.text()));
  await page.goto(`${framerUrl}/?src=${encodeURIComponent(`${suite.gw.url}/home`)}`);
  await expect.poll(() => refusals.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(refusals[0]).toContain("frame-ancestors 'none'");
  // The frame holds the browser's error page, never the app.
  const frame = await (await page.$("iframe#app"))!.contentFrame();
  expect(await frame.evaluate(() => Boolean(document.querySelector("nav a, #root"))).catch(() => false)).toBe(false);
});
