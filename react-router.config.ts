import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import routes from "./app/routes.ts";
import { prerenderedPaths } from "./app/screen-paths.ts";
import { inlineStylesheets, scriptsAfterFirstPaint } from "./scripts/built-pages.ts";
import { precompressDir } from "./server/static/precompress.ts";

export default {
  appDirectory: "app",
  // BUILD_DIR: a build of its own beside the shared one (tests/browser/failover.test.ts builds with two lines).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: false,
  // Every screen has a page of its own: its frame paints first (decision 089). "/" stays the SPA fallback
  // (index.html) that answers any other address.
  prerender: () => prerenderedPaths(routes),
  // After every output is written (the client build, React Router's manifest, the prerendered pages).
  async buildEnd({ reactRouterConfig }) {
    const clientDir = join(reactRouterConfig.buildDirectory, "client");
    await inlineStylesheets(clientDir);
    await scriptsAfterFirstPaint(clientDir);
    await precompressDir(clientDir);
  },
} satisfies Config;
