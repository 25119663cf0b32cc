import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressDir } from "./server/static/precompress.ts";

/**
 * Runs the starter chunk (app/early-start.ts, vite.config.ts) from each page's head as a script of its own,
 * right after the stylesheet: the first screen's calls go out while React DOM downloads (decision 023). The
 * root imports the chunk too, which React Router preloads; the script takes that preload's place.
 */
async function runStarterFromHead(clientDir: string) {
  const starters = (await readdir(join(clientDir, "assets"))).filter((f) => /^starter-[\w-]+\.js$/.test(f));
  if (starters.length !== 1) throw new Error(`expected one starter chunk, found ${starters.length}`);
  const src = `/assets/${starters[0]}`;
  const pages = (await readdir(clientDir, { recursive: true })).filter((f) => f.endsWith(".html"));
  for (const page of pages) {
    const file = join(clientDir, page);
    const html = (await readFile(file, "utf8")).replace(`<link rel="modulepreload" href="${src}"/>`, "");
    const css = /<link rel="stylesheet"[^>]*>/.exec(html);
    if (!css) throw new Error(`${page}: no stylesheet link to put the starter after`);
    const at = css.index + css[0].length;
    await writeFile(file, `${html.slice(0, at)}<script type="module" async src="${src}"></script>${html.slice(at)}`);
  }
}

export default {
  appDirectory: "app",
  // BUILD_DIR: a build of its own beside the shared one (tests/browser/failover.test.ts builds with two lines).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: false,
  prerender: ["/home"],
  // After every output is written (the client build, React Router's manifest, the prerendered pages).
  async buildEnd({ reactRouterConfig }) {
    const clientDir = join(reactRouterConfig.buildDirectory, "client");
    await runStarterFromHead(clientDir);
    await precompressDir(clientDir);
  },
} satisfies Config;
