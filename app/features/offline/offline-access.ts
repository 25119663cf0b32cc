import { isOnline, isUnreachableError } from "#app/lib/connectivity.ts";
import { userStore } from "#app/stores/user.ts";
import type { OfflineBackend, OfflineStore, SavedUnit } from "./offline-store.ts";
import { deviceOrGateway, type OfflineKind, type UnitKey } from "./offline-units.ts";

// What the readers' loaders need of offline saving (decision 046): the store over Cache Storage, the signed-in member
// as its owner, and the wrappers that answer from the device when the gateway cannot. The item screens that only
// read (a novel's, a comic's) load this and not the saving controls (offline.ts; decision 108).

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

/** Cache Storage exists only in secure contexts (https, localhost). */
export const offlineSupported = () => typeof caches !== "undefined";

let store: Promise<OfflineStore> | undefined;
/** The store over Cache Storage, its code loaded at the first read or write: no screen's first frame needs it. */
export function offlineStore(): Promise<OfflineStore> {
  store ??= import("./offline-store.ts").then(
    (m) => m.createOfflineStore(cacheBackend(), location.origin),
    (error: unknown) => {
      store = undefined;
      throw error;
    },
  );
  return store;
}

/** Why this unit cannot be saved here, or undefined when it can. */
export const offlineRefusal = (canOpen: boolean) => (!offlineSupported() ? "此浏览器不支持离线保存" : !currentOwner() ? "登录后可保存离线" : !canOpen ? "购买后可保存离线" : undefined);

/** The signed-in member's uid, 0 for a visitor (who saves nothing). */
export const currentOwner = () => (userStore.get().isLogin ? (userStore.get().u?.uid ?? 0) : 0);

const copies = new WeakSet<object>();
const marked = <T>(data: T): T => {
  if (typeof data === "object" && data !== null) copies.add(data);
  return data;
};

/** True for what `withOffline` or `withOfflineItem` answered from the device rather than the gateway. */
export const isOfflineCopy = (data: unknown) => typeof data === "object" && data !== null && copies.has(data);

const deviceWhenUnreachable = <T>(fromDevice: () => Promise<T | undefined>, load: () => Promise<T>) => deviceOrGateway({ online: isOnline, unreachable: isUnreachableError }, fromDevice, load);

/** A reader's loader of one unit that falls back to the unit's saved copy (`data` as it was saved). */
export function withOffline<T>(key: UnitKey, load: () => Promise<T>): Promise<T> {
  return deviceWhenUnreachable(async () => {
    const owner = currentOwner();
    if (!owner || !offlineSupported()) return undefined;
    const entry = await (await offlineStore()).load(key, owner);
    return entry ? marked(entry.data as T) : undefined;
  }, load);
}
/** The member's saved units of one item, first unit first. */
export async function savedUnitsOf(kind: OfflineKind, itemId: number): Promise<SavedUnit[]> {
  const owner = currentOwner();
  if (!owner || !offlineSupported()) return [];
  return (await (await offlineStore()).list(owner)).filter((u) => u.kind === kind && u.itemId === itemId).sort((a, b) => a.unitId - b.unitId);
}

/**
 * An item's screen that falls back to what the member saved of it (an audio book's saved chapters): `fromSaved`
 * shapes the saved units like the loader's answer, or answers undefined when they cannot make the screen.
 */
export function withOfflineItem<T>(kind: OfflineKind, itemId: number, load: () => Promise<T>, fromSaved: (units: SavedUnit[]) => T | undefined | Promise<T | undefined>): Promise<T> {
  return deviceWhenUnreachable(async () => {
    const units = await savedUnitsOf(kind, itemId);
    const screen = units.length ? await fromSaved(units) : undefined;
    return screen === undefined ? undefined : marked(screen);
  }, load);
}
