import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressDir } from "./server/static/precompress.ts";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: false,
  prerender: ["/home"],
  // After every output is written (the client build, React Router's manifest, the prerendered pages).
  async buildEnd({ reactRouterConfig }) {
    await precompressDir(join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
