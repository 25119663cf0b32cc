// The app loaded from line A on an emulated phone; A is killed; the time until the page has its next answer from
// line B. Prints figures only.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KnownDevices } from "puppeteer";
import { launchBrowser } from "../tests/support/browser.ts";
import { startGatewayProcess } from "../tests/support/gateway.ts";
import { buildAppWithLines, freePort } from "../tests/support/two-lines.ts";

const RUNS = 5;
const line = (label: string, value: string, note = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${note ? `   (${note})` : ""}`);

export async function benchFailoverBrowser() {
  console.log("\nFailover in the browser: the line that served the app dies mid-session (/home, emulated phone)");
  const [portA, portB] = [await freePort(), await freePort()];
  const lineA = `http://127.0.0.1:${portA}`;
  const lineB = `http://127.0.0.1:${portB}`;
  const buildDir = await buildAppWithLines([lineA, lineB]);
  const dataDir = mkdtempSync(join(tmpdir(), "gw-bench-failover-app-"));
  const env = { DATA_DIR: dataDir, CLIENT_DIR: join(buildDir, "client") };
  const browser = await launchBrowser([], { full: true });
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      // Line B starts once the app has chosen its base line: A, the only one answering then.
      const a = await startGatewayProcess({ ...env, PORT: String(portA) });
      const page = await (await browser.createBrowserContext()).newPage();
      await page.emulate(KnownDevices["iPhone 13"]);
      await page.evaluateOnNewDocument("window.__name = (f) => f");
      await page.evaluateOnNewDocument(() => {
        localStorage.setItem("___AGE_CONFIRMED__", "1");
        sessionStorage.setItem("___HOME_NOTICE__", "1");
      });
      await page.goto(`${lineA}/home`);
      await page.waitForSelector(".video-card", { visible: true });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
      const b = await startGatewayProcess({ ...env, PORT: String(portB) });
      await a.kill();
      const killedAt = await page.evaluate(() => ((window as unknown as { killedAt: number }).killedAt = performance.now()));
      // The next page of the feed, asked for on the dead line: its answer comes from B.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const answeredAt = await page.waitForFunction(
        (b) => {
          const entry = performance.getEntriesByType("resource").find((e) => e.name.startsWith(`${b}/api/`) && (e as PerformanceResourceTiming).responseEnd > 0);
          if (entry && entry.startTime < (window as unknown as { killedAt: number }).killedAt) throw new Error("line B answered before line A died");
          if (!entry) window.scrollTo(0, document.body.scrollHeight);
          return entry && (entry as PerformanceResourceTiming).responseEnd;
        },
        { timeout: 30_000, polling: 50 },
        lineB,
      );
      times.push(((await answeredAt.jsonValue()) as number) - killedAt);
      await page.browserContext().close();
      await b.kill();
    }
    const sorted = [...times].sort((x, y) => x - y);
    line(`line killed → next answer, median of ${RUNS}`, `${sorted[Math.floor(RUNS / 2)]!.toFixed(0)} ms`, `min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)} ms`);
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  }
}
