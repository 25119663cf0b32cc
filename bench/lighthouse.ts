// One cold Lighthouse run of a page on an emulated phone, and this machine's floor page: shared by the app and
// screens benchmarks.
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer";
import { CLIENT } from "./built-app.ts";
import { phone } from "./phone.ts";


export interface ColdRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread work, ms at 4× CPU. */
  work: number;
  /** Bytes of scripts and stylesheets as sent (transfer sizes). */
  jsCssBytes: number;
  /** What the LCP element is (its label, else its tag). */
  lcpElement: string;
}

interface LcpNode {
  nodeLabel?: string;
  snippet?: string;
}

/** The LCP element Lighthouse names in its `largest-contentful-paint-element` audit. */
function lcpElementOf(details: unknown): string {
  const find = (d: unknown): LcpNode | undefined => {
    if (!d || typeof d !== "object") return undefined;
    const o = d as { type?: string; node?: LcpNode; items?: unknown[] };
    if (o.type === "node") return o as LcpNode;
    if (o.node) return o.node;
    for (const item of o.items ?? []) {
      const found = find(item);
      if (found) return found;
    }
    return undefined;
  };
  const node = find(details);
  return (node?.nodeLabel || node?.snippet || "?").replace(/\s+/g, " ");
}

/** One Lighthouse run of `url` on `page` as it stands (its caches and storage kept). */
export async function lighthouseOn(browser: Browser, page: Page, url: string): Promise<ColdRun> {
  const { default: lighthouse } = await import("lighthouse");
  const port = Number(new URL(browser.wsEndpoint()).port);
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true }, undefined, page);
  const audits = result!.lhr.audits;
  const requests = ((audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []).filter(
    (r) => r.resourceType === "Script" || r.resourceType === "Stylesheet" || /\.(js|css)(\?|$)/.test(r.url),
  );
  return {
    score: Math.round((result!.lhr.categories.performance!.score ?? 0) * 100),
    fcp: audits["first-contentful-paint"]!.numericValue ?? 0,
    lcp: audits["largest-contentful-paint"]!.numericValue ?? 0,
    tbt: audits["total-blocking-time"]!.numericValue ?? 0,
    cls: audits["cumulative-layout-shift"]!.numericValue ?? 0,
    work: audits["mainthread-work-breakdown"]!.numericValue ?? 0,
    jsCssBytes: requests.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    lcpElement: lcpElementOf(audits["largest-contentful-paint-element"]?.details),
  };
}

/** `url` in a fresh browser context (no cache of any kind), the age gate answered beforehand. */
export async function lighthouseCold(browser: Browser, url: string): Promise<ColdRun> {
  const page = await phone(browser);
  try {
    return await lighthouseOn(browser, page, url);
  } finally {
    await page.browserContext().close();
  }
}

/**
 * A copy of the build whose /home has every script taken out (the same HTML, stylesheet and icon): served by the
 * same gateway under the same settings, what Lighthouse reports for it is what this machine costs to load and paint
 * a page at all. Answers the copy's folder, under `dir`.
 */
export function floorClient(dir: string): string {
  const clientDir = join(dir, "floor-client");
  cpSync(CLIENT, clientDir, { recursive: true });
  const home = join(clientDir, "home/index.html");
  const html = readFileSync(home, "utf8")
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
  writeFileSync(home, html);
  rmSync(`${home}.br`, { force: true });
  return clientDir;
}
