import { memoryStorage, type KeyValueStorage } from "#gateway/identity.ts";

export type StorageKind = "local" | "session";

export interface SafeStorage extends KeyValueStorage {
  /** True when the browser kept the value; false when only this page's memory did. */
  setItem(key: string, value: string): boolean;
}

/**
 * localStorage or sessionStorage that never throws. A browser can refuse storage altogether (cookies blocked:
 * merely reading `window.localStorage` throws) or refuse a write (quota, private modes). The app then keeps
 * working on this page's memory: a refused value is remembered until the page goes away.
 */
export function safeStorage(kind: StorageKind): SafeStorage {
  const memory = memoryStorage();
  const browser = (): Storage | null => {
    try {
      return kind === "local" ? window.localStorage : window.sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    getItem(key) {
      const kept = memory.getItem(key);
      if (kept !== null) return kept;
      try {
        return browser()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const storage = browser();
        if (storage) {
          storage.setItem(key, value);
          memory.removeItem(key);
          return true;
        }
      } catch {
        // Refused: memory below.
      }
      memory.setItem(key, value);
      return false;
    },
    removeItem(key) {
      memory.removeItem(key);
      try {
        browser()?.removeItem(key);
      } catch {
        // Nothing kept there to remove.
      }
    },
  };
}

export const localStore = safeStorage("local");
export const sessionStore = safeStorage("session");
