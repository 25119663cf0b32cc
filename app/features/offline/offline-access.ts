import { isOnline, isUnreachableError } from "#app/lib/connectivity.ts";
import { userStore } from "#app/stores/user.ts";
import { deviceOrGateway } from "./device-or-gateway.ts";
import type { SavedUnit } from "./offline-store.ts";
import type { OfflineKind, UnitKey } from "./offline-units.ts";

// What the readers' loaders need of offline saving (decision 046): the signed-in member as its owner, and the wrappers
// that answer from the device when the gateway cannot. The item screens that only read (a novel's, a comic's) load
// this and not the saving controls (offline.ts; decision 108); the store over Cache Storage comes when the device is
// read (offline-cache.ts; decision 109).

/** Cache Storage exists only in secure contexts (https, localhost). */
export const offlineSupported = () => typeof caches !== "undefined";

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
    const { offlineStore } = await import("./offline-cache.ts");
    const entry = await (await offlineStore()).load(key, owner);
    return entry ? marked(entry.data as T) : undefined;
  }, load);
}

/**
 * An item's screen that falls back to what the member saved of it (an audio book's saved chapters): `fromSaved`
 * shapes the saved units like the loader's answer, or answers undefined when they cannot make the screen.
 */
export function withOfflineItem<T>(kind: OfflineKind, itemId: number, load: () => Promise<T>, fromSaved: (units: SavedUnit[]) => T | undefined | Promise<T | undefined>): Promise<T> {
  return deviceWhenUnreachable(async () => {
    const owner = currentOwner();
    if (!owner || !offlineSupported()) return undefined;
    const units = await (await import("./offline-cache.ts")).savedUnitsOf(owner, kind, itemId);
    const screen = units.length ? await fromSaved(units) : undefined;
    return screen === undefined ? undefined : marked(screen);
  }, load);
}
