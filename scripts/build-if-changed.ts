// `npm start`'s first step: builds the app only when what the build reads changed since the last build that
// succeeded, so that a restart takes seconds, not the build's 40 (decision 062). Usage:
//   tsx scripts/build-if-changed.ts [root]    (root: the package's folder, default the working folder)
// START_BUILD_COMMAND replaces `npm run -s build` (tests give a fast stand-in).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** What the build reads: the app and the protocol module it bundles, static files, the build's config and packages. */
const SOURCES = ["app", "gateway", "public", "server/static", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
/** Variables the build bakes in (vite.config.ts, VITE_* in the app). */
const BUILD_ENV = /^(VITE_\w+|BUILD_ID|SOURCEMAP|NO_MINIFY|MINIFY)$/;

function files(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join("/"));
}

/** One hash of every source file's path and bytes, and of the build's variables. */
function sourcesHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash("sha256");
  for (const file of SOURCES.flatMap((s) => files(root, s)).sort()) hash.update(`${file}\0`).update(readFileSync(join(root, file))).update("\0");
  for (const key of Object.keys(env).filter((k) => BUILD_ENV.test(k)).sort()) hash.update(`${key}=${env[key]}\0`);
  return hash.digest("hex");
}

const root = process.argv[2] ?? process.cwd();
const buildDir = join(root, process.env.BUILD_DIR ?? "build");
const stamp = join(buildDir, "sources.sha256");
const current = sourcesHash(root);
const built = existsSync(join(buildDir, "client")) && existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : "";

if (built === current) {
  process.stdout.write(`build is up to date (no source changed since it was made); starting without building\n`);
} else {
  const command = process.env.START_BUILD_COMMAND || "npm run -s build";
  process.stdout.write(`${built ? "sources changed since the last build" : "no build yet"}: building (${command})\n`);
  const run = spawnSync(command, { cwd: root, shell: true, stdio: "inherit" });
  if (run.status !== 0) {
    process.stderr.write(`build failed (${run.status === null ? `signal ${run.signal}` : `exit ${run.status}`}); not starting\n`);
    process.exit(run.status || 1);
  }
  mkdirSync(buildDir, { recursive: true });
  // Hashed as the build began: a file edited during the build makes the next start build again.
  writeFileSync(stamp, `${current}\n`);
}
