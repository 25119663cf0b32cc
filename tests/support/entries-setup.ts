import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import type { TestProject } from "vitest/node";
import { ENTRIES, type Entry } from "./entries.ts";

const REPO_ROOT = resolve(import.meta.dirname, "../..");

/** Each module keeps its own `import.meta` location, as when tsx runs the sources (media.ts finds its clips). */
const sourceLocations: Plugin = {
  name: "source-locations",
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes("node_modules")) return undefined;
      const contents = readFileSync(args.path, "utf8")
        .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
        .replaceAll("import.meta.filename", JSON.stringify(args.path))
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith("x") ? "tsx" : "ts", resolveDir: dirname(args.path) };
    });
  },
};

/**
 * Vitest global setup: bundles the CLI, the operators' CLI and the gateway's main with esbuild, the transform tsx
 * uses, so that a test's process starts in some 0.2 s of CPU instead of tsx's 1 to 2.5 s of loading TypeScript
 * module by module. Packages stay external (the folder is inside node_modules/.cache so they resolve); a dynamic
 * import stays a chunk loaded when reached (smoke's puppeteer).
 */
export default async function setup(project: TestProject) {
  mkdirSync(join(REPO_ROOT, "node_modules/.cache"), { recursive: true });
  const outdir = mkdtempSync(join(REPO_ROOT, "node_modules/.cache/test-entries-"));
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(REPO_ROOT, file)])),
    absWorkingDir: REPO_ROOT,
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "error",
    plugins: [sourceLocations],
  });
  project.provide("entryBundles", Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, join(outdir, `${name}.mjs`)])) as Record<Entry, string>);
  return () => rmSync(outdir, { recursive: true, force: true });
}
