import { sessionStore } from "./safe-storage.ts";

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

/**
 * Takes the one reload allowed per 10 s (recorded in session storage); false when it is used up, and when it
 * cannot be recorded (unrecorded, reloads could loop).
 */
function claimReload(): boolean {
  // Offline, a chunk fails because there is no network, not because the build changed: a reload would only
  // swap the app for the browser's own offline page (and lose what was typed).
  if (typeof navigator !== "undefined" && navigator.onLine === false) return false;
  const last = Number(sessionStore.getItem(KEY) ?? "") || null;
  const now = Date.now();
  return shouldReloadForChunk(last, now) && sessionStore.setItem(KEY, String(now));
}

/** Reloads the page after a chunk-load failure unless one happened in the last 10 s. Returns whether it did. */
export function reloadForChunkError(): boolean {
  if (!claimReload()) return false;
  window.location.reload();
  return true;
}

/** Router message logged right before it reloads the page for a route module that failed to import. */
export const ROUTER_RELOAD_MESSAGE = "Error loading route module";

/**
 * Limits every chunk-load reload to one per 10 s: Vite's preload failures, and React Router's own reload.
 * NOTE: React Router reloads without any limit when a route module fails to import (a chunk gone for good
 * would reload forever), and its only sign beforehand is a console.error of ROUTER_RELOAD_MESSAGE followed
 * by one of the error. When the reload is used up, that second console.error throws the import error,
 * which stops the reload and lets the root ErrorBoundary show it.
 */
let installed = false;
let blocked = false;

/**
 * Whether `error` comes from a chunk that failed to load. NOTE: when the router's reload is stopped, the
 * router reports the route as "No result returned from dataStrategy" instead of the import error.
 */
export function isFailedChunkRouteError(error: unknown): boolean {
  if (isChunkLoadError(error)) return true;
  return blocked && error instanceof Error && error.message.startsWith("No result returned from dataStrategy");
}

export function installChunkReload() {
  if (installed) return;
  installed = true;
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
  // A chunk's stylesheet that failed to load (offline) is added again once the network is back: Vite's loader adds
  // each one once a page load, so the chunk, imported again online (the browser retries a failed import), would
  // come without its CSS. A failed preload of the prefetch's is taken out, so that it can add it again; the links
  // React renders stay where React put them.
  const failedSheets = new Set<string>();
  const ownedByReact = (el: Element) => Object.keys(el).some((key) => key.startsWith("__react"));
  window.addEventListener(
    "error",
    (event) => {
      const link = event.target;
      if (!(link instanceof HTMLLinkElement)) return;
      if (link.rel === "stylesheet" && !link.disabled) failedSheets.add(link.href);
      else if (/\b(modulepreload|prefetch)\b/.test(link.rel) && !ownedByReact(link)) link.remove();
    },
    true,
  );
  window.addEventListener("online", () => {
    for (const href of failedSheets) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.append(link);
    }
    failedSheets.clear();
  });
  const log = console.error.bind(console);
  let routerWillReload = false;
  console.error = (...args: unknown[]) => {
    log(...args);
    if (typeof args[0] === "string" && args[0].startsWith(ROUTER_RELOAD_MESSAGE)) {
      routerWillReload = true;
    } else if (routerWillReload) {
      routerWillReload = false;
      if (!claimReload()) {
        blocked = true;
        throw args[0];
      }
    }
  };
}
