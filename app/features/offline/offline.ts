import { useEffect, useState, useSyncExternalStore } from "react";
import type { SavedUnit, SaveRequest } from "./offline-store.ts";
import { currentOwner, offlineSupported } from "./offline-access.ts";
import { offlineStore } from "./offline-cache.ts";
import { type UnitKey, unitPath } from "./offline-units.ts";

// The app's side of offline saving (decision 046): what is being saved right now, the controls' view of the saved
// units, and their files as page addresses. The store and the loaders' wrappers are offline-access.ts's.

// What changed, for the controls on screen: a counter bumped on every save, removal and progress step.
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version++;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const saving = new Map<string, { progress: number; done: Promise<SavedUnit> }>();

/**
 * How long a save waits for the item's detail. It comes with the unit's own call on a line that answers; on one
 * that does not, the call waits out its timeout, and a chapter whose text is already on screen would wait with it.
 */
const ITEM_WAIT_MS = 2500;

/**
 * Saves a unit for the signed-in member; progress is shown by every control on that unit. `item` asks for the
 * item's detail, kept for the item's screen offline: the unit is saved without it if that call fails, and gets
 * it later if the call answers after `ITEM_WAIT_MS`.
 */
export function saveUnit({ item, ...request }: Omit<SaveRequest, "owner" | "item"> & { item?: () => Promise<unknown> }): Promise<SavedUnit> {
  const key = unitPath(request);
  const running = saving.get(key);
  if (running) return running.done;
  const state = {
    progress: 0,
    done: Promise.resolve() as unknown as Promise<SavedUnit>,
  };
  const owner = currentOwner();
  const detail = item ? item().catch(() => undefined) : Promise.resolve(undefined);
  const late = Symbol("late");
  state.done = Promise.race([detail, new Promise<typeof late>((r) => setTimeout(() => r(late), ITEM_WAIT_MS))])
    .then(async (itemData) => {
      const units = await offlineStore();
      const saved = await units.save({ ...request, item: itemData === late ? undefined : itemData, owner }, (p) => {
        state.progress = p;
        changed();
      });
      if (itemData === late) void detail.then((d) => units.attachItem(request, owner, d)).catch(() => false);
      return saved;
    })
    .then((saved) => {
      // Asks once that the browser not evict the origin's storage under pressure; it may say no.
      void navigator.storage?.persist?.().catch(() => false);
      return saved;
    })
    .finally(() => {
      saving.delete(key);
      changed();
    });
  saving.set(key, state);
  changed();
  return state.done;
}

export async function removeUnit(key: UnitKey): Promise<void> {
  const owner = currentOwner();
  const units = await offlineStore();
  const entry = await units.load(key, owner);
  await units.remove(key, owner);
  // A page address already handed out (a chapter playing) stays valid until the page goes.
  for (const f of entry?.files ?? []) fileUrls.delete(f.url);
  changed();
}

/** The saved copy of a unit (undefined: not saved), and the progress while it is being saved. */
export function useSavedUnit(key: UnitKey): {
  saved: SavedUnit | undefined;
  checked: boolean;
  progress: number | undefined;
} {
  const at = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  const path = unitPath(key);
  const owner = currentOwner();
  const [found, setFound] = useState<{
    path: string;
    saved: SavedUnit | undefined;
  }>();
  const { kind, itemId, unitId } = key;
  // Nothing to look for without Cache Storage or a member: known at once to be not saved.
  const usable = Boolean(owner) && offlineSupported();
  useEffect(() => {
    if (!usable) return;
    let live = true;
    void offlineStore()
      .then((units) => units.load({ kind, itemId, unitId }, owner))
      .catch(() => undefined)
      .then((saved) => live && setFound({ path: unitPath({ kind, itemId, unitId }), saved }));
    return () => void (live = false);
  }, [kind, itemId, unitId, usable, owner, at]);
  const current = !usable ? { saved: undefined } : found?.path === path ? found : undefined;
  return {
    saved: current?.saved,
    checked: Boolean(current),
    progress: saving.get(path)?.progress,
  };
}

const NOTHING_SAVED: { units: SavedUnit[]; error: boolean } = { units: [], error: false };

/** The member's saved units, listed again after every change. */
export function useSavedUnits(): {
  units: SavedUnit[] | undefined;
  error: boolean;
} {
  const at = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  const owner = currentOwner();
  const [state, setState] = useState<{
    units: SavedUnit[] | undefined;
    error: boolean;
  }>({ units: undefined, error: false });
  // Without Cache Storage nothing is saved: known at once.
  const supported = offlineSupported();
  useEffect(() => {
    if (!supported) return;
    let live = true;
    offlineStore()
      .then((units) => units.list(owner))
      .then(
        (units) => live && setState({ units, error: false }),
        () => live && setState({ units: undefined, error: true }),
      );
    return () => void (live = false);
  }, [supported, owner, at]);
  return supported ? state : NOTHING_SAVED;
}

const fileUrls = new Map<string, Promise<string | undefined>>();

/**
 * A page address (blob:) for a saved file, e.g. an audio chapter for `<audio src>`: it plays and seeks with no
 * network. One address per file for the page's life.
 */
export function savedFileUrl(url: string): Promise<string | undefined> {
  if (!offlineSupported()) return Promise.resolve(undefined);
  url = new URL(url, location.href).href;
  let found = fileUrls.get(url);
  if (!found) {
    found = offlineStore()
      .then((units) => units.file(url))
      .then((blob) => (blob ? URL.createObjectURL(blob) : undefined))
      .catch(() => undefined);
    void found.then((u) => u || fileUrls.delete(url));
    fileUrls.set(url, found);
  }
  return found;
}

/**
 * The page address of a saved unit's first file (an audio chapter), found by the unit rather than by the file's
 * address, which may carry a grant that has changed since (audio addresses do).
 */
export async function savedUnitFileUrl(key: UnitKey): Promise<string | undefined> {
  const owner = currentOwner();
  if (!owner || !offlineSupported()) return undefined;
  const entry = await offlineStore()
    .then((units) => units.load(key, owner))
    .catch(() => undefined);
  return entry?.files[0] ? savedFileUrl(entry.files[0].url) : undefined;
}

/** The saved bytes of a file (an encrypted comic page, decrypted by the image loader), or undefined. */
export async function savedFileBytes(url: string): Promise<ArrayBuffer | undefined> {
  if (!offlineSupported()) return undefined;
  const blob = await offlineStore()
    .then((units) => units.file(url))
    .catch(() => undefined);
  return blob?.arrayBuffer();
}

/** How much the origin stores and may store, and whether the browser keeps it under pressure. */
export async function storageFacts(): Promise<{
  usage?: number;
  quota?: number;
  persisted?: boolean;
}> {
  const s = typeof navigator === "undefined" ? undefined : navigator.storage;
  const [estimate, persisted] = await Promise.all([s?.estimate?.().catch(() => undefined), s?.persisted?.().catch(() => undefined)]);
  return { usage: estimate?.usage, quota: estimate?.quota, persisted };
}
