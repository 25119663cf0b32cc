// Temporary probe (not committed): one Lighthouse run per screen, its long tasks and requests.
import { writeFileSync } from "node:fs";
import { withBuiltApp } from "../built-app.ts";
import { phone } from "../phone.ts";

const screens = process.argv.slice(2);
await withBuiltApp(async ({ url, browser }) => {
  const { default: lighthouse } = await import("lighthouse");
  const port = Number(new URL(browser.wsEndpoint()).port);
  let n = 0;
  for (const s of screens) {
    const page = await phone(browser);
    const result = await lighthouse(`${url}${s}`, { port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true }, undefined, page);
    await page.browserContext().close();
    const a = result!.lhr.audits;
    writeFileSync(`/tmp/lh-${n}.json`, JSON.stringify(result!.lhr));
    console.log(`== ${s} score ${result!.lhr.categories.performance!.score} FCP ${a["first-contentful-paint"]!.numericValue?.toFixed(0)} LCP ${a["largest-contentful-paint"]!.numericValue?.toFixed(0)} TBT ${a["total-blocking-time"]!.numericValue?.toFixed(0)}`);
    const lt = (a["long-tasks"]?.details as { items?: { url: string; startTime: number; duration: number }[] })?.items ?? [];
    for (const t of lt) console.log(`  long ${t.startTime.toFixed(0)} +${t.duration.toFixed(0)} ${t.url}`);
    const bt = (a["bootup-time"]?.details as { items?: { url: string; total: number; scripting: number }[] })?.items ?? [];
    for (const t of bt.slice(0, 8)) console.log(`  boot ${t.total.toFixed(0)} script ${t.scripting.toFixed(0)} ${t.url}`);
    const reqs = (a["network-requests"]?.details as { items?: { url: string; networkRequestTime: number; networkEndTime: number; transferSize: number; resourceType: string }[] })?.items ?? [];
    for (const r of reqs) console.log(`  req ${r.networkRequestTime?.toFixed(0)}-${r.networkEndTime?.toFixed(0)} ${(r.transferSize / 1024).toFixed(1)}K ${r.resourceType} ${r.url.replace(url, "")}`);
    n++;
  }
});
