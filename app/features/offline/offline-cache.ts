import type { OfflineBackend, OfflineStore, SavedUnit } from "./offline-store.ts";
import type { OfflineKind } from "./offline-units.ts";
import { importOnce } from "#app/lib/import-once.ts";

// The offline store over Cache Storage (decision 046): loaded when the device is read or written, not with a
// reader's first frame (decision 109).

/** Our own cache: Workbox's clean-up of outdated precaches only deletes its own (`…-precache-…`). */
export const OFFLINE_CACHE = "offline-units-v1";

function cacheBackend(): OfflineBackend {
  const open = () => caches.open(OFFLINE_CACHE);
  return {
    put: async (key, response) => (await open()).put(key, response),
    get: async (key) => (await (await open()).match(key)) ?? undefined,
    delete: async (key) => void (await (await open()).delete(key)),
    keys: async () => (await (await open()).keys()).map((r) => r.url),
  };
}

/** The store over Cache Storage, its code loaded at the first read or write: no screen's first frame needs it. */
export const offlineStore: () => Promise<OfflineStore> = importOnce(() => import("./offline-store.ts").then((m) => m.createOfflineStore(cacheBackend(), location.origin)));

/** Member `owner`'s saved units of one item, first unit first. */
export async function savedUnitsOf(owner: number, kind: OfflineKind, itemId: number): Promise<SavedUnit[]> {
  return (await (await offlineStore()).list(owner)).filter((u) => u.kind === kind && u.itemId === itemId).sort((a, b) => a.unitId - b.unitId);
}
