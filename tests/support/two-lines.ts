import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

/**
 * The run's app build (build/client, from `npm run build`) as a folder of its own with `lines` built in, the way
 * Vite builds them in: the one read of `import.meta.env.VITE_GATEWAY_LINES` (an empty env object in a build made
 * without lines) becomes the string, and version.json lists them. A second production build took minutes on a
 * loaded machine (decision 076). Throws when the build does not read the lines in exactly one place.
 */
export function appWithLines(lines: string[]): string {
  const dir = join(mkdtempSync(join(tmpdir(), "gw-two-lines-")), "client");
  cpSync(join(REPO_ROOT, "build/client"), dir, { recursive: true });
  const read = /\b[\w$]+\.VITE_GATEWAY_LINES\b/g;
  const found = readdirSync(join(dir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .flatMap((f) => {
      const file = join(dir, "assets", f);
      const text = readFileSync(file, "utf8");
      const n = text.match(read)?.length ?? 0;
      if (n) {
        writeFileSync(file, text.replace(read, JSON.stringify(lines.join(","))));
        // Its brotli copy is the file without the lines now: gone, rather than checked and refused on each start.
        rmSync(`${file}.br`, { force: true });
      }
      return Array.from({ length: n }, () => f);
    });
  if (found.length !== 1) throw new Error(`the app build reads VITE_GATEWAY_LINES in ${found.length} places (${found.join(", ")}), not one`);
  const version = JSON.parse(readFileSync(join(dir, "version.json"), "utf8")) as { lines: string[] };
  writeFileSync(join(dir, "version.json"), JSON.stringify({ ...version, lines }));
  return dir;
}
