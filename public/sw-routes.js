// @ts-check
// Loaded into the generated service worker (workbox `importScripts`; plain JS, as the worker runs it as served).
// Static routes (Chrome 123+, decision 052): the gateway's calls, its media and uploads go straight to the
// network, on any line's origin, without starting the service worker or running its fetch handler. The worker
// only ever let them through; a browser without static routes still does that, in the worker.
const NETWORK_PATHS = ["/api/*", "/media/*", "/uploads/*"];

self.addEventListener("install", (event) => {
  const install = /** @type {{ addRoutes?: (rules: unknown[]) => Promise<void> }} */ (/** @type {unknown} */ (event));
  if (typeof install.addRoutes !== "function") return;
  const rules = NETWORK_PATHS.map((pathname) => ({ condition: { urlPattern: { protocol: "*", hostname: "*", port: "*", pathname } }, source: "network" }));
  // Called during install, not waited on: the install (the precache) does not hang on it.
  install.addRoutes(rules).catch(() => undefined);
});

// A navigation to a screen gets that screen's own page, which paints its frame (decision 089), rather than the
// SPA fallback Workbox answers with. sw-pages.js (written by the build) names them; this listener runs before
// Workbox's and takes the navigation from it.
const PAGES = new Set(/** @type {{ __APP_PAGES?: string[] }} */ (/** @type {unknown} */ (self)).__APP_PAGES ?? []);

self.addEventListener("fetch", (event) => {
  const fetchEvent = /** @type {FetchEvent} */ (event);
  const { request } = fetchEvent;
  if (request.mode !== "navigate") return;
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, "");
  if (url.origin !== self.location.origin || !PAGES.has(path)) return;
  fetchEvent.respondWith(caches.match(`${path}/index.html`, { ignoreSearch: true }).then((page) => page ?? fetch(request)));
  fetchEvent.stopImmediatePropagation();
});
