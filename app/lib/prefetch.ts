import { ageConfirmed } from "./age-gate.ts";
import { idle } from "./idle.ts";
import { syncGlobalConfig } from "./session.ts";

// At the member's first gesture, once the first screen is in and the page is idle, the code a tap would otherwise
// fetch: the tab bar's six screens (their route modules, what they import, their CSS) and the overlays (sheets,
// dialogs, toasts). The tab bar's links prefetch on intent, which comes too late for a tap (decisions 087, 093).

/** The tab bar's routes, by React Router's route id. */
const TAB_ROUTES = ["routes/home", "routes/scandalous", "routes/resource", "routes/dark-web", "routes/post", "routes/my"];

interface ManifestRoute {
  module: string;
  imports?: string[];
  css?: string[];
}

interface Router {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe: (fn: (state: Router["state"]) => void) => () => void;
}

type PrefetchWindow = Window & {
  __reactRouterManifest?: { routes: Record<string, ManifestRoute | undefined> };
  __reactRouterDataRouter?: Router;
};

/** Resolves once React Router has loaded and rendered the first screen's data. */
const routerSettled = (w: PrefetchWindow) =>
  new Promise<void>((done) => {
    const poll = () => {
      const router = w.__reactRouterDataRouter;
      if (!router) return void setTimeout(poll, 100);
      const settled = (s: Router["state"]) => s.initialized && s.navigation.state === "idle";
      if (settled(router.state)) return done();
      const stop = router.subscribe((s) => {
        if (!settled(s)) return;
        stop();
        done();
      });
    };
    poll();
  });

function addLink(rel: "modulepreload" | "prefetch", href: string) {
  if (document.querySelector(`link[href="${CSS.escape(href)}"], script[src="${CSS.escape(href)}"]`)) return;
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  if (rel === "prefetch") link.as = "style";
  document.head.append(link);
}

/** The tabs' code, after the first screen (called at the member's first gesture): its data rendered, the main thread idle twice. */
export async function prefetchTabs() {
  const w = window as PrefetchWindow;
  await routerSettled(w);
  await idle();
  await idle();
  for (const id of TAB_ROUTES) {
    const route = w.__reactRouterManifest?.routes[id];
    if (!route) continue;
    // One route's links per idle moment: a script adding a preload costs 1.5–5 ms at 4× CPU (decision 089).
    await idle();
    for (const href of [route.module, ...(route.imports ?? [])]) addLink("modulepreload", href);
    for (const href of route.css ?? []) addLink("prefetch", href);
  }
}

/**
 * The global config once the first screen is in and the member has started using it (decisions 092, 093): no first
 * screen shows it, and a screen that needs it asks for it in its loader. Not behind the age gate, where a visitor who leaves has cost the gateway nothing.
 */
export async function warmConfig() {
  await routerSettled(window as PrefetchWindow);
  await idle();
  if (ageConfirmed()) await syncGlobalConfig().catch(() => undefined);
}

/**
 * The overlays' code once the first screen is in and the page idle (called at the first gesture): loaded and run
 * (they only define components and install the overlays' renderer), the first sheet, dialog or toast opens without
 * a request, and a toast can still say what failed once the network is gone.
 */
export async function prefetchOverlays() {
  await routerSettled(window as PrefetchWindow);
  await idle();
  await idle();
  void import("#app/components/sheet-body.tsx").catch(() => undefined);
  void import("./overlays.ts").catch(() => undefined);
}
