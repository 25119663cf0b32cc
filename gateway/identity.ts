import { CLIENT_NAME, OAUTH_ID_STORAGE_KEY, PROTOCOL_VERSION } from "./config.ts";

/** A synchronous key-value store: localStorage in the browser, a JSON file in the CLI. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const OAUTH_ID_RE = /^[A-Za-z0-9]{19}_\d{13}$/;

/** 19 random alphanumerics, `_`, and a millisecond timestamp. */
export function createOAuthId(now: number = Date.now()): string {
  const bytes = new Uint8Array(19);
  globalThis.crypto.getRandomValues(bytes);
  let id = "";
  // NOTE: 62 does not divide 256; the slight bias is irrelevant for a device id.
  for (const b of bytes) id += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return `${id}_${now}`;
}

/** Reads the stored oauth id, creating and storing one when absent or corrupt. */
export function loadOAuthId(storage: KeyValueStorage): string {
  const stored = storage.getItem(OAUTH_ID_STORAGE_KEY);
  if (stored && OAUTH_ID_RE.test(stored)) return stored;
  const id = createOAuthId();
  storage.setItem(OAUTH_ID_STORAGE_KEY, id);
  return id;
}

/** Drops the stored oauth id and creates a new one (logout / reset). */
export function resetOAuthId(storage: KeyValueStorage): string {
  storage.removeItem(OAUTH_ID_STORAGE_KEY);
  return loadOAuthId(storage);
}

export interface Identity {
  system_version: string;
  system_token: string;
  system_oauth_new_id: string;
  system_oauth_type: string;
  system_oauth_id: string;
  system_app_type: string;
  system_build: string;
  system_build_id: string;
}

export interface IdentityInput {
  oauthId: string;
  token?: string | null;
  version?: string;
  appType?: string;
  build?: string;
  buildId?: string;
}

export function buildIdentity(input: IdentityInput): Identity {
  return {
    system_version: input.version ?? PROTOCOL_VERSION,
    system_token: input.token ?? "",
    system_oauth_new_id: input.oauthId,
    system_oauth_type: CLIENT_NAME,
    system_oauth_id: input.oauthId,
    system_app_type: input.appType ?? "h5",
    system_build: input.build ?? "1",
    system_build_id: input.buildId ?? "dev",
  };
}
