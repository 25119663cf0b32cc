import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { REPO_ROOT } from "./gateway.ts";

export const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });

/**
 * A build of the app of its own (BUILD_DIR) with `lines` built in, beside the shared build/: the failover
 * test and bench load it from one line and kill that line. Inside the repository, since the build's prerender
 * step imports the server build, which resolves React from node_modules. Returns the build folder.
 */
export async function buildAppWithLines(lines: string[]): Promise<string> {
  mkdirSync(join(REPO_ROOT, "node_modules/.cache"), { recursive: true });
  const outDir = mkdtempSync(join(REPO_ROOT, "node_modules/.cache/failover-build-"));
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: REPO_ROOT,
      // NODE_ENV: vitest's own (`test`) would make a build without its production parts (the service worker).
      // MINIFY: esbuild's, several times faster than terser's two passes; nothing here measures sizes.
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: outDir, VITE_GATEWAY_LINES: lines.join(","), MINIFY: "esbuild" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += c));
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`build failed: ${err}`))));
  });
  return outDir;
}
