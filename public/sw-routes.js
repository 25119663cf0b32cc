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
