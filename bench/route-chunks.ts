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
  css?: string[];
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

/**
 * What a direct visit to the screen at `url` (a path, its query ignored) loads before it can render, JS + CSS, gzip -9
 * bytes: the entry's, the root's and the route's files in the build's manifest (issue 37's first load; the figure
 * tests/browser/first-loads.test.ts holds). Null without a build or such a route.
 */
export function firstLoadBytes(url: string): number | null {
  const manifest = readManifest();
  const path = url.replace(/^\//, "").replace(/\?.*$/, "");
  const route = manifest && Object.values(manifest.routes).find((r) => r.path === path);
  if (!manifest || !route) return null;
  const root = manifest.routes.root;
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, root?.module, ...(root?.imports ?? []), route.module, ...(route.imports ?? []), ...(route.css ?? [])]);
  return [...files].reduce((sum, f) => sum + (f ? gzipSync(readFileSync(join(CLIENT, f.replace(/#.*$/, ""))), { level: 9 }).length : 0), 0);
}

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
