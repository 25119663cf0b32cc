import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import puppeteer, { KnownDevices, PredefinedNetworkConditions, type Browser, type Page } from "puppeteer";
import { GatewayClient } from "#gateway/client.ts";
import type { GatewayConfig } from "#gateway/config.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { createOAuthId, buildIdentity } from "#gateway/identity.ts";
import { pingLine } from "#gateway/lines.ts";
import { home } from "#gateway/api/index.ts";
import { recordHar } from "../lib/har.ts";
import { headlessMode } from "./chromium.ts";
import { PROBES, Skip, tab, type ProbeContext } from "./probes.ts";
import { stepsFor, type Action } from "./steps.ts";
import type { SmokeOptions, SmokeReport, StepResult } from "./types.ts";

// Puppeteer's list stops at the Pixel 5: the Pixel 7 as Chrome's DevTools emulates it.
const DEVICES = {
  "iPhone 13": KnownDevices["iPhone 13"],
  "Pixel 7": {
    userAgent: "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36",
    viewport: { width: 412, height: 915, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, isLandscape: false },
  },
} as const;
const NETWORKS = { "4g": PredefinedNetworkConditions["Fast 4G"], "3g": PredefinedNetworkConditions["Fast 3G"] } as const;

export async function runSmoke(opts: SmokeOptions, config: GatewayConfig, onStep: (step: StepResult) => void = () => {}): Promise<SmokeReport> {
  const started = Date.now();
  const steps: StepResult[] = [];
  const record = (step: StepResult) => {
    steps.push(step);
    onStep(step);
  };
  const browser = await launch(opts.chromium);
  let harFile: string | undefined;
  try {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.emulate(DEVICES[opts.device]);
    page.setDefaultTimeout(opts.stepTimeoutMs);
    if (opts.throttle !== "none") await page.emulateNetworkConditions(NETWORKS[opts.throttle]);
    const har = await recordHar(page);
    let consoleErrors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && consoleErrors.push(m.text())));
    page.on("pageerror", (e) => void consoleErrors.push(getErrorMessage(e)));
    // The home notice is a first visit's dialog over the first screen; the age gate is a step of its own.
    await page.evaluateOnNewDocument(() => {
      sessionStorage.setItem("___HOME_NOTICE__", "1");
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) (window as unknown as { __smokeLcp: number }).__smokeLcp = last.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const ctx: ProbeContext = { page, opts, url: opts.url.replace(/\/+$/, ""), balance: undefined };

    for (const step of stepsFor(opts)) {
      consoleErrors = [];
      const t0 = performance.now();
      const result: StepResult = { id: step.id, title: step.title, status: "passed", ms: 0 };
      try {
        for (const action of step.actions) {
          const found = await act(ctx, action);
          if (found?.lcpMs !== undefined) result.lcpMs = found.lcpMs;
          if (found?.detail) result.detail = found.detail;
        }
      } catch (error) {
        if (error instanceof Skip) {
          result.status = "skipped";
          result.detail = error.message;
        } else {
          result.status = "failed";
          result.detail = `${getErrorMessage(error).split("\n")[0]} (${await whereThePageIs(page)})`;
          mkdirSync(opts.outDir, { recursive: true });
          result.screenshot = resolve(join(opts.outDir, `${step.id}.png`));
          await page.screenshot({ path: result.screenshot as `${string}.png` }).catch(() => (result.screenshot = undefined));
          result.consoleErrors = [...consoleErrors];
          // A failed step may leave the page anywhere: the next step starts from the app's first screen.
          await page.goto(`${ctx.url}/home`).catch(() => undefined);
        }
      }
      result.ms = Math.round(performance.now() - t0);
      record(result);
    }
    if (opts.har) {
      harFile = resolve(opts.har);
      writeFileSync(harFile, JSON.stringify(await har.har()));
    }
  } finally {
    await browser.close();
  }
  for (const line of opts.lines) record(await lineStep(line, config));
  const lcp = steps.find((s) => s.lcpMs !== undefined)?.lcpMs;
  return {
    url: opts.url,
    device: opts.device,
    throttle: opts.throttle,
    startedAt: new Date(started).toISOString(),
    ms: Date.now() - started,
    ...(lcp !== undefined ? { lcpMs: lcp } : {}),
    passed: steps.every((s) => s.status !== "failed"),
    steps,
    ...(harFile ? { har: harFile } : {}),
  };
}

/** Where a failed step left the page: its address, the screen drawn (its title) and an open dialog, if any. */
async function whereThePageIs(page: Page): Promise<string> {
  try {
    return await page.evaluate(() => {
      const dialog = [...document.querySelectorAll<HTMLElement>(".adm-dialog, .adm-action-sheet-popup")].find((d) => d.checkVisibility());
      const parts = [`at ${location.pathname}${location.search}`, `showing “${document.title}”`];
      if (dialog) parts.push(`a dialog open: “${dialog.innerText.replace(/\s+/g, " ").trim().slice(0, 60)}”`);
      return parts.join(", ");
    });
  } catch {
    return "the page did not answer";
  }
}

function launch(executablePath: string): Promise<Browser> {
  return puppeteer.launch({
    executablePath,
    headless: headlessMode(executablePath),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic"],
  });
}

async function act(ctx: ProbeContext, action: Action): Promise<{ lcpMs?: number; detail?: string } | void> {
  const { page } = ctx;
  if ("probe" in action) return PROBES[action.probe](ctx);
  if ("tab" in action) return tab(page, action.tab, action.path);
  if ("follow" in action) {
    const from = await page.evaluate(() => location.pathname + location.search);
    const tapped = await tapFirstVisible(page, action.follow, ctx.opts.stepTimeoutMs);
    if (!tapped) throw new Skip(`no ${action.what} on ${from}`);
    await page.waitForFunction((p) => location.pathname.startsWith(p), {}, action.path);
    return;
  }
  if ("see" in action) {
    const seen = (sel: string, empty: string) =>
      [...document.querySelectorAll<HTMLElement>(sel)].some((e) => e.checkVisibility()) ||
      (empty !== "" && [...document.querySelectorAll<HTMLElement>(".adm-error-block-description-title")].some((e) => e.checkVisibility() && e.textContent?.trim() === empty));
    await page.waitForFunction(seen, {}, action.see, action.orEmpty ?? "").catch(() => {
      throw new Error(`${action.what} did not show (${action.see})`);
    });
  }
}

/** Taps the first visible element matching `selector`; false when none shows within `timeoutMs`. */
export async function tapFirstVisible(page: Page, selector: string, timeoutMs: number): Promise<boolean> {
  return page
    .waitForFunction(
      (sel) => {
        const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.checkVisibility());
        el?.scrollIntoView({ block: "center" });
        el?.click();
        return Boolean(el);
      },
      { timeout: timeoutMs },
      selector,
    )
    .then(
      () => true,
      () => false,
    );
}

/** One line: its ping, as the app pings (protocol §5), then the first screen's calls through it alone. */
async function lineStep(line: string, config: GatewayConfig): Promise<StepResult> {
  const t0 = performance.now();
  const id = `line ${line}`;
  const done = (status: StepResult["status"], detail: string): StepResult => ({ id, title: id, status, ms: Math.round(performance.now() - t0), detail });
  const ping = await pingLine(line);
  if (!ping.ok) return done("failed", `ping: ${ping.error}`);
  const client = new GatewayClient({
    config: { ...config, lines: [line] },
    crypto: nodeCrypto,
    identity: () => buildIdentity({ oauthId: createOAuthId(), token: "", appType: "cli" }),
  });
  client.baseLine = line;
  const calls: [string, () => Promise<unknown>][] = [
    [home.getConfig.path, () => client.send(home.getConfig, undefined)],
    [home.getOpenAdsAndVersion.path, () => client.send(home.getOpenAdsAndVersion, undefined)],
    [home.categories.path, () => client.send(home.categories, {})],
  ];
  const failed: string[] = [];
  for (const [path, call] of calls) await call().catch((e: unknown) => failed.push(`${path}: ${getErrorMessage(e)}`));
  if (failed.length) return done("failed", `ping ${ping.ms} ms; ${failed.join("; ")}`);
  return done("passed", `ping ${ping.ms} ms; ${calls.length}/${calls.length} calls answered`);
}
