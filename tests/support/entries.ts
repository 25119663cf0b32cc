import { inject } from "vitest";

/** The programs the tests start as processes (decision 076). */
export const ENTRIES = { cli: "cli/index.ts", admin: "server/admin/index.ts", server: "server/main.ts" } as const;
export type Entry = keyof typeof ENTRIES;

declare module "vitest" {
  export interface ProvidedContext {
    /** Per entry of ENTRIES, a bundle made once per run (`tests/support/entries-setup.ts`). */
    entryBundles: Record<Entry, string>;
  }
}

/**
 * Node's arguments that run `entry` from the repository root: its run's bundle of the same sources where the
 * project made one, else the sources through tsx as the npm scripts run them.
 */
export function entryArgs(entry: Entry): string[] {
  const bundle = inject("entryBundles")?.[entry];
  return bundle ? [bundle] : ["--import", "tsx", ENTRIES[entry]];
}
