import { EARLY_SCREENS } from "./features/early/first-calls.ts";
import { startSectionEarly } from "./features/sections/section-data.ts";
import { isSectionPath } from "./features/sections/section-routes.ts";
import { ageConfirmed, gatedPath } from "./lib/age-gate.ts";
import { imageLoader } from "./lib/images.ts";

/**
 * What a direct visit does before React loads: the age gate for links to any screen, the page worker, and the
 * first calls of a video section (decisions 014 and 023) or of a screen a shared link opens (decision 088). The build gives this module's graph a chunk of its own, holding
 * neither React DOM nor React Router, and the page's head loads that chunk as a script of its own: its calls
 * go out while React DOM is still downloading. The root imports it too, so `npm run dev` (no such script)
 * runs it as well; a module runs once however often it is loaded.
 */
if (typeof document !== "undefined") {
  // Old share links use hash routes: /#/player?id=1 lands on /player?id=1, before anything reads the path.
  if (window.location.hash.startsWith("#/")) window.history.replaceState(null, "", window.location.hash.slice(1));
  // A visitor who has not confirmed their age sees the age gate first, whatever screen a link pointed at;
  // the gate opens that screen after. Nothing is fetched before.
  const { pathname, search } = window.location;
  if (pathname !== "/" && !ageConfirmed()) window.history.replaceState(null, "", gatedPath(pathname + search));
  else {
    // Every screen's calls and images go through the page worker: it starts now, not at the first call.
    imageLoader().warm();
    if (isSectionPath(pathname)) startSectionEarly(pathname);
    // The other screens' calls come as a chunk of their own per screen, asked for now: in the starter they made
    // every screen's first load (/home's too) 6 KB larger.
    else void EARLY_SCREENS[pathname]?.().then(({ startFrom }) => startFrom(new URLSearchParams(search)), () => undefined);
  }
}
