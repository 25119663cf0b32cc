import { unitPath, type OfflineKind, type UnitKey } from "./offline-units.ts";

export { deviceOrGateway, formatSize, unitPath, type OfflineKind, type UnitKey } from "./offline-units.ts";

// Units saved for offline use (decision 046): a novel chapter, a comic episode, an audio chapter. One entry per
// member and unit, written last, holds what the reader's loader answered and the list of its files; each file
// is stored once under its own address, however many units use it. This module holds the logic over a small
// backend (Cache Storage in the app, a Map in the unit tests) and touches no browser global itself.

export interface SavedFile {
  url: string;
  size: number;
  type: string;
}

export interface SavedUnit extends UnitKey {
  /** The member who saved it: another member on the same device neither sees nor opens it. */
  owner: number;
  /** What the list shows, e.g. 书名 · 第 3 章. */
  title: string;
  /** Where the unit opens (a screen path with its query). */
  href: string;
  /** What the reader's loader answered; the reader gets it back as it was. */
  data: unknown;
  /** What the item's own screen shows of it (the book's detail), asked when the unit was saved: that screen offline. */
  item?: unknown;
  files: SavedFile[];
  /** Bytes: the entry's own JSON and its files (a file shared with another unit counts in both). */
  size: number;
  savedAt: number;
}

export type SaveRequest = Omit<SavedUnit, "files" | "size" | "savedAt"> & {
  files: readonly string[];
};

/** Where saved units live. Keys are absolute addresses. */
export interface OfflineBackend {
  put(key: string, response: Response): Promise<void>;
  get(key: string): Promise<Response | undefined>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/** A save or load that failed, with its message for the member. */
export class OfflineError extends Error {
  override name = "OfflineError";
}

export const OFFLINE_MESSAGES = {
  network: "下载失败，请检查网络后重试",
  quota: "存储空间不足，请在 设置 › 离线内容 中删除部分内容后重试",
  unavailable: "此浏览器不支持离线保存",
} as const;

const ENTRY_PATH = "/__offline__/";
/** Files downloaded at once: a comic episode has dozens of pages; six would take every HTTP/1.1 connection. */
const FILES_AT_ONCE = 4;

function isQuotaError(error: unknown) {
  return error instanceof Error && (error.name === "QuotaExceededError" || /quota/i.test(error.message));
}

export interface OfflineStore {
  /** Downloads the files and saves the unit; `onProgress` gets 0–1. Saving a unit again replaces it. */
  save(request: SaveRequest, onProgress?: (fraction: number) => void): Promise<SavedUnit>;
  load(key: UnitKey, owner: number): Promise<SavedUnit | undefined>;
  /** Keeps the item's detail with a unit saved without it; false when the unit is gone or already has one. */
  attachItem(key: UnitKey, owner: number, item: unknown): Promise<boolean>;
  remove(key: UnitKey, owner: number): Promise<void>;
  /** The member's saved units, newest first. */
  list(owner: number): Promise<SavedUnit[]>;
  /** A saved file by the address it was downloaded from. */
  file(url: string): Promise<Blob | undefined>;
  /** Deletes files no entry uses (left by a save that was cut off). */
  sweep(): Promise<number>;
}

/** `base` resolves relative addresses (the app's origin); `fetchFile` downloads a file. */
export function createOfflineStore(backend: OfflineBackend, base: string, fetchFile: (url: string) => Promise<Response> = (u) => fetch(u)): OfflineStore {
  const abs = (url: string) => new URL(url, base).href;
  const entryKey = (k: UnitKey, owner: number) => abs(`${ENTRY_PATH}${owner}/${unitPath(k)}`);
  const isEntry = (key: string) => new URL(key).pathname.startsWith(ENTRY_PATH);
  // Saves under way in this page: a sweep must not take their files.
  let saving = 0;

  const readEntry = async (key: string): Promise<SavedUnit | undefined> => {
    const res = await backend.get(key);
    if (!res) return undefined;
    try {
      return (await res.json()) as SavedUnit;
    } catch {
      return undefined;
    }
  };
  const entries = async () => (await Promise.all((await backend.keys()).filter(isEntry).map(readEntry))).filter((e): e is SavedUnit => Boolean(e));
  /** Deletes `urls` that no entry still lists. */
  const dropUnused = async (urls: Iterable<string>) => {
    const used = new Set((await entries()).flatMap((e) => e.files.map((f) => f.url)));
    let dropped = 0;
    for (const url of new Set(urls)) {
      if (used.has(url)) continue;
      await backend.delete(url);
      dropped++;
    }
    return dropped;
  };

  /** Writes an entry, sized: its own JSON and its files. */
  const writeEntry = async (entry: SavedUnit): Promise<SavedUnit> => {
    const own = new TextEncoder().encode(JSON.stringify({ ...entry, size: 0 })).length;
    const sized = { ...entry, size: own + entry.files.reduce((sum, f) => sum + f.size, 0) };
    await backend.put(entryKey(entry, entry.owner), new Response(JSON.stringify(sized), { headers: { "content-type": "application/json" } }));
    return sized;
  };

  const download = async (url: string, onBytes: (fraction: number) => void): Promise<SavedFile> => {
    const kept = await backend.get(url);
    if (kept) {
      onBytes(1);
      const blob = await kept.blob();
      return { url, size: blob.size, type: blob.type };
    }
    let res: Response;
    try {
      res = await fetchFile(url);
    } catch {
      throw new OfflineError(OFFLINE_MESSAGES.network);
    }
    if (!res.ok) throw new OfflineError(`${OFFLINE_MESSAGES.network}（HTTP ${res.status}）`);
    const expected = Number(res.headers.get("content-length")) || 0;
    const chunks: Uint8Array[] = [];
    let received = 0;
    try {
      const reader = res.body?.getReader();
      for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
        chunks.push(part.value);
        received += part.value.length;
        if (expected) onBytes(Math.min(1, received / expected));
      }
    } catch {
      throw new OfflineError(OFFLINE_MESSAGES.network);
    }
    const type = res.headers.get("content-type") ?? "application/octet-stream";
    const blob = new Blob(chunks as BlobPart[], { type });
    await backend.put(
      url,
      new Response(blob, {
        headers: { "content-type": type, "content-length": String(blob.size) },
      }),
    );
    onBytes(1);
    return { url, size: blob.size, type };
  };

  return {
    async save(request, onProgress) {
      const urls = [...new Set(request.files.map(abs))];
      const fractions = urls.map(() => 0);
      const report = () => onProgress?.(urls.length ? fractions.reduce((a, b) => a + b, 0) / urls.length : 1);
      report();
      const fetched: string[] = [];
      saving++;
      try {
        const files: SavedFile[] = new Array(urls.length);
        let next = 0;
        let failed = false;
        const worker = async () => {
          while (next < urls.length && !failed) {
            const i = next++;
            fetched.push(urls[i]!);
            files[i] = await download(urls[i]!, (f) => {
              fractions[i] = f;
              report();
            }).catch((error: unknown) => {
              failed = true;
              throw error;
            });
          }
        };
        // Every download settles before a failure cleans up, so none writes a file after it.
        const done = await Promise.allSettled(Array.from({ length: Math.min(FILES_AT_ONCE, urls.length) }, worker));
        const failure = done.find((d) => d.status === "rejected");
        if (failure) throw failure.reason;
        return await writeEntry({ ...request, files, size: 0, savedAt: Date.now() });
      } catch (error) {
        await dropUnused(fetched).catch(() => undefined);
        if (error instanceof OfflineError) throw error;
        throw new OfflineError(isQuotaError(error) ? OFFLINE_MESSAGES.quota : OFFLINE_MESSAGES.network);
      } finally {
        saving--;
      }
    },
    load: (key, owner) => readEntry(entryKey(key, owner)),
    async attachItem(key, owner, item) {
      const entry = await readEntry(entryKey(key, owner));
      if (!entry || entry.item !== undefined || item === undefined) return false;
      await writeEntry({ ...entry, item });
      return true;
    },
    async remove(key, owner) {
      const entry = await readEntry(entryKey(key, owner));
      // The entry first: a unit half removed is not listed, and its files are swept.
      await backend.delete(entryKey(key, owner));
      if (entry) await dropUnused(entry.files.map((f) => f.url));
    },
    async list(owner) {
      return (await entries()).filter((e) => e.owner === owner).sort((a, b) => b.savedAt - a.savedAt);
    },
    async file(url) {
      const res = await backend.get(abs(url));
      return res ? res.blob() : undefined;
    },
    async sweep() {
      if (saving) return 0;
      return dropUnused((await backend.keys()).filter((k) => !isEntry(k)));
    },
  };
}

/** A backend in memory: the unit tests', and the app's where Cache Storage is missing (it then keeps nothing). */
export function memoryBackend(): OfflineBackend & { map: Map<string, Blob> } {
  const map = new Map<string, Blob>();
  return {
    map,
    async put(key, response) {
      map.set(key, await response.blob());
    },
    async get(key) {
      const blob = map.get(key);
      return blob ? new Response(blob, { headers: { "content-type": blob.type } }) : undefined;
    },
    async delete(key) {
      map.delete(key);
    },
    async keys() {
      return [...map.keys()];
    },
  };
}
