// React Router's browser manifest of the built app (`npm run build`), and what a direct visit to a screen loads before
// it can render: read by tests/browser/first-loads.test.ts and by the benchmarks.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const CLIENT = join(resolve(import.meta.dirname, "../.."), "build/client");

export interface ManifestRoute {
  id: string;
  path?: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
}

export interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The build's manifest (the newest, should an old one remain), or null without a build. */
export function readManifest(): Manifest | null {
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

/**
 * The files a direct visit to the screen at `path` (no leading slash, no query) loads before it can render: the
 * entry's, the root's and the route's, JS and CSS (issue 37's first load). Null when the manifest has no such route.
 */
export function firstLoadFiles(manifest: Manifest, path: string): string[] | null {
  const route = Object.values(manifest.routes).find((r) => r.path === path);
  if (!route) return null;
  const root = manifest.routes.root!;
  return [...new Set([manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? []), route.module, ...(route.imports ?? []), ...(route.css ?? [])])];
}

/** A built file's size gzip -9, in bytes (`file` as the manifest names it). */
export const gzip9Bytes = (file: string) => gzipSync(readFileSync(join(CLIENT, file.replace(/#.*$/, ""))), { level: 9 }).length;
