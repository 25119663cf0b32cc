// An emulated phone for the browser benchmarks: Chromium launched headless, its start-up work let settle, a page
// past the age gate and the home notice.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "puppeteer";
import { launchBrowser } from "../tests/support/browser.ts";

/**
 * Frames count as over 50 ms above this. rAF times are coarsened to 0.1 ms and a frame lasts whole vsync
 * intervals (16.7 ms at 60 Hz), so a frame of three intervals reads 49.9-50.1 ms: that is a 50 ms frame, not
 * one over 50 ms. The next step up, four intervals, reads 66.6-66.8 ms.
 */
export const LONG_FRAME_MS = 50.5;

/**
 * The tests' launcher: the same flags, among them no desktop omnibox WebUI popups (a phone has none); the full
 * browser, not the tests' headless shell (decision 104): the figures are a phone browser's.
 */
export const launch = (extraArgs: string[] = []): Promise<Browser> => launchBrowser(extraArgs, { full: true });

/** CPU time (ms) used so far by a process and all its descendants, from /proc; null where there is no /proc. */
function treeCpuMs(root: number): number | null {
  if (!existsSync("/proc/self/stat")) return null;
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name can hold spaces and brackets: the fields that follow start after its last ") ".
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      procs.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = procs.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of procs) if (inTree(pid)) ticks += p.ticks;
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * Waits until Chromium's own processes are quiet. Headless Chromium starts a WebUI renderer for the omnibox
 * popup with every new window: about 1.8 s of CPU on the machines here, in the seconds after the window
 * opens. On two cores that work competes with the page under test, and Lighthouse counts the page's tasks it
 * slows down. Quiet means under 10% of one core over half a second; after 15 s the bench goes on anyway.
 */
export async function settle(browser: Browser) {
  const pid = browser.process()?.pid;
  if (!pid) return;
  const deadline = Date.now() + 15_000;
  let before = treeCpuMs(pid);
  while (before !== null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = treeCpuMs(pid)!;
    if (now - before < 50) return;
    before = now;
  }
}

export async function phone(browser: Browser): Promise<Page> {
  const { KnownDevices } = await import("puppeteer");
  const page = await (await browser.createBrowserContext()).newPage();
  await page.emulate(KnownDevices["iPhone 13"]);
  await settle(browser);
  // tsx keeps function names with a `__name` helper that page-side callbacks would miss.
  await page.evaluateOnNewDocument("window.__name = (f) => f");
  await page.evaluateOnNewDocument(() => {
    localStorage.setItem("___AGE_CONFIRMED__", "1");
    sessionStorage.setItem("___HOME_NOTICE__", "1");
  });
  return page;
}
