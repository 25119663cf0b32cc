/**
 * Files kept on the device across reloads, in IndexedDB (which stores File and Blob objects as they are): a
 * video being uploaded survives a reload of its composer. Never throws: a browser without IndexedDB (or one
 * that refuses it) keeps nothing, and the caller falls back to asking for the file again.
 */
const DB_NAME = "kept-files";
const STORE = "files";

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("indexedDB refused"));
    request.onblocked = () => reject(new Error("indexedDB blocked"));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<T | undefined> {
  try {
    const db = await database();
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result as T);
      tx.onerror = () => reject(tx.error ?? new Error("indexedDB failed"));
      tx.onabort = () => reject(tx.error ?? new Error("indexedDB aborted"));
    });
  } catch {
    return undefined;
  }
}

/** A kept file with what its owner needs to find it again (an upload id). */
export interface KeptFile {
  id: string;
  file: File;
}

export const keepFile = async (key: string, kept: KeptFile) => (await run("readwrite", (s) => s.put(kept, key))) !== undefined;
export const keptFile = (key: string) => run<KeptFile>("readonly", (s) => s.get(key));
export const forgetFile = (key: string) => run("readwrite", (s) => s.delete(key));
