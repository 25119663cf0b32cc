// Each issue-19 screen's own route chunk, gzip-sized from the built app (`npm run build` first). Prints figures only.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const CLIENT = join(resolve(import.meta.dirname, ".."), "build/client");
const TARGET_KB = 30;
const line = (label: string, value: string, target = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   (${target})` : ""}`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The screens of issue 19, by route path (a trailing `/*`: every route under it). */
const SCREENS = ["resource", "category", "cartoon/*", "novel/*", "picture/detail", "audio/detail", "game/detail"];

interface ManifestRoute {
  id: string;
  path?: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** React Router's browser manifest of the build (the newest, should an old one remain). */
function readManifest(): Manifest | null {
  const assets = join(CLIENT, "assets");
  if (!existsSync(assets)) return null;
  const file = readdirSync(assets)
    .filter((f) => /^manifest-.*\.js$/.test(f))
    .map((f) => join(assets, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!file) return null;
  const text = readFileSync(file, "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

const gzipSize = (path: string) => gzipSync(readFileSync(join(CLIENT, path))).length;

export function benchRouteChunks() {
  console.log("\nIssue 19 screens: each route's own chunk (built app, gzip)");
  const manifest = readManifest();
  if (!manifest) {
    line("skipped", "no build (npm run build)");
    return;
  }
  // What /home has already fetched: a screen opened from there fetches only the rest.
  const home = manifest.routes["routes/home"];
  const loaded = new Set([manifest.entry.module, ...manifest.entry.imports, ...(manifest.routes.root?.imports ?? []), manifest.routes.root?.module, home?.module, ...(home?.imports ?? [])]);
  const matches = (screen: string, path: string) => (screen.endsWith("/*") ? path.startsWith(screen.slice(0, -1)) : path === screen);
  const routes = Object.values(manifest.routes).filter((r) => r.path !== undefined && r.parentId === "root");
  for (const screen of SCREENS) {
    const built = routes.filter((r) => matches(screen, r.path!)).sort((a, b) => a.path!.localeCompare(b.path!));
    if (!built.length) line(`/${screen}`, "not built yet");
    for (const r of built) {
      const own = gzipSize(r.module);
      const more = (r.imports ?? []).filter((i) => !loaded.has(i)).reduce((sum, i) => sum + gzipSize(i), 0);
      line(`/${r.path}`, kb(own), `target ≤ ${TARGET_KB} KB${own > TARGET_KB * 1024 ? ", OVER" : ""}`);
      line("  with the shared chunks /home has not loaded", kb(own + more));
    }
  }
}
