import type { TestProject } from "vitest/node";
import { launchBrowser } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Per vitest worker (`VITEST_POOL_ID` 1, 2, …), the DevTools address of the run's browser for it (decision 090). */
    browserEndpoints: string[];
  }
}

/**
 * Vitest global setup of the browser project: one Chromium per worker for the whole run. A launch costs some 3 to
 * 4.5 s of CPU on these machines; each file connected to its worker's browser instead of launching its own. Files
 * in one worker run one after the other, and every test page has a browser context of its own (`phonePage`), so a
 * file still starts from a browser with no pages, storage or service workers of an earlier file's.
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers || project.vitest.config.maxWorkers) || 1;
  const browsers = await Promise.all(Array.from({ length: workers }, () => launchBrowser()));
  project.provide(
    "browserEndpoints",
    browsers.map((b) => b.wsEndpoint()),
  );
  return () => Promise.all(browsers.map((b) => b.close())).then(() => undefined);
}
