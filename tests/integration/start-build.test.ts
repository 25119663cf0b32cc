import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { REPO_ROOT } from "../support/gateway.ts";

// `npm start` builds only when the sources changed since the last build (scripts/build-if-changed.ts), run here
// on a small package of its own with a stand-in build that counts its runs.

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "gw-start-"));
  mkdirSync(join(root, "app/routes"), { recursive: true });
  mkdirSync(join(root, "public"));
  writeFileSync(join(root, "app/routes/home.tsx"), "export default 1;\n");
  writeFileSync(join(root, "public/robots.txt"), "User-agent: *\n");
  writeFileSync(join(root, "vite.config.ts"), "export default {};\n");
  writeFileSync(join(root, "package-lock.json"), "{}\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FAKE_BUILD = `node -e "require('fs').mkdirSync('build/client',{recursive:true});require('fs').appendFileSync('builds.log','.')"`;
const builds = () => {
  try {
    return readFileSync(join(root, "builds.log"), "utf8").length;
  } catch {
    return 0;
  }
};

function start(env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const vars = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^VITE_|^BUILD_DIR$/.test(k)));
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/build-if-changed.ts", root], {
      cwd: REPO_ROOT,
      env: { ...vars, START_BUILD_COMMAND: FAKE_BUILD, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.on("error", fail);
    child.on("close", (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

it("builds when there is no build or a source changed, and starts without building otherwise", async () => {
  const first = await start();
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toContain("no build yet: building");
  expect(builds()).toBe(1);

  const again = await start();
  expect(again.stdout).toContain("build is up to date");
  expect(builds()).toBe(1);

  writeFileSync(join(root, "app/routes/home.tsx"), "export default 2;\n");
  expect((await start()).stdout).toContain("sources changed since the last build: building");
  expect(builds()).toBe(2);
  expect((await start()).stdout).toContain("up to date");

  // A file outside what the build reads (the server's, a test's) changes nothing.
  mkdirSync(join(root, "server/wallet"), { recursive: true });
  writeFileSync(join(root, "server/wallet/x.ts"), "1");
  expect((await start()).stdout).toContain("up to date");

  // A file added to public/, a variable the build bakes in: both are sources.
  writeFileSync(join(root, "public/extra.txt"), "x");
  await start();
  expect(builds()).toBe(3);
  await start({ VITE_GATEWAY_LINES: "https://gw1.example.com" });
  expect(builds()).toBe(4);
  expect((await start({ VITE_GATEWAY_LINES: "https://gw1.example.com" })).stdout).toContain("up to date");
  expect(builds()).toBe(4);
});

it("does not start after a failed build, and builds again next time", async () => {
  writeFileSync(join(root, "vite.config.ts"), "export default { changed: true };\n");
  const failed = await start({ START_BUILD_COMMAND: "exit 3" });
  expect(failed.code).toBe(3);
  expect(failed.stderr).toContain("build failed (exit 3); not starting");
  const before = builds();
  expect((await start()).stdout).toContain("sources changed since the last build: building");
  expect(builds()).toBe(before + 1);
  // A build folder removed by hand is built again.
  rmSync(join(root, "build"), { recursive: true });
  expect((await start()).stdout).toContain("no build yet: building");
  expect(builds()).toBe(before + 2);
});

it("is what npm start runs before serving", () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  expect(pkg.scripts.start).toBe("tsx scripts/build-if-changed.ts && tsx server/main.ts");
});
