// Each issue-19 screen's own route chunk, gzip-sized from the built app (`npm run build` first). Prints figures only.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { CLIENT, readManifest } from "../tests/support/build-manifest.ts";

const TARGET_KB = 30;
const line = (label: string, value: string, target = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   (${target})` : ""}`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The screens of issue 19, by route path (a trailing `/*`: every route under it). */
const SCREENS = ["resource", "category", "cartoon/*", "novel/*", "picture/detail", "audio/detail", "game/detail"];

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
