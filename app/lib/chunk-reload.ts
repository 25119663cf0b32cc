const KEY = "___CHUNK_RELOAD_AT__";
export const CHUNK_RELOAD_INTERVAL_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(message);
}

/** Whether a reload is allowed now: at most one per 10 s, so a broken deployment cannot loop. */
export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Reloads the page after a chunk-load failure unless one happened in the last 10 s. Returns whether it did. */
export function reloadForChunkError(): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? "") || null;
  const now = Date.now();
  if (!shouldReloadForChunk(last, now)) return false;
  sessionStorage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

export function installChunkReload() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
