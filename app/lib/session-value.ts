/**
 * Session storage that never throws: it can be disabled, full or blocked (private modes, embedded browsers).
 * A read then gives null, and a write says whether it took.
 */
export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): boolean {
  try {
    window.sessionStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
