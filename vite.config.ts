import { reactRouter } from "@react-router/dev/vite";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import routes from "./app/routes.ts";
import { parseLines } from "./gateway/config.ts";
import { prerenderedPaths, screenPaths, screenPattern } from "./app/screen-paths.ts";
import { EARLY_PRELOADS } from "./scripts/built-pages.ts";

const BUILD_ID = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
const GATEWAY = process.env.DEV_GATEWAY ?? "http://127.0.0.1:3000";

/**
 * Writes build metadata: the build id the app polls to notice a new deployment, and the lines built in, which the
 * gateway's Content-Security-Policy lets the app call (decision 068).
 */
function versionFile(): Plugin {
  return {
    name: "version-file",
    apply: "build",
    generateBundle() {
      if (this.environment?.name && this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: "version.json", source: JSON.stringify({ buildId: BUILD_ID, lines: parseLines(process.env.VITE_GATEWAY_LINES) }) });
      // The screens with a page of their own, for the service worker's navigations (public/sw-routes.js).
      this.emitFile({ type: "asset", fileName: "sw-pages.js", source: `self.__APP_PAGES = ${JSON.stringify(prerenderedPaths(routes))};\n` });
    },
  };
}

/**
 * Marks the chunk holding React DOM's client (the react-dom chunk) for eager compilation (V8's explicit
 * compile hint, Chrome 136+): nearly all of it runs at start-up, and compiled off the main thread while it
 * downloads it evaluates in a shorter task (decision 013). Other browsers ignore the comment.
 */
function compileHints(): Plugin {
  const HINT = "//# allFunctionsCalledOnLoad\n";
  return {
    name: "compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.moduleIds.some((id) => REACT_DOM.test(id))) continue;
        chunk.code = HINT + chunk.code;
        // The comment is a line of its own: the source map's lines move down by one.
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
      }
    },
  };
}

const REACT_DOM = /\/node_modules\/react-dom\/cjs\/react-dom-client\./;
/** React DOM's client entry (`react-dom/client`) and the client itself: the react-dom chunk. */
const REACT_DOM_CLIENT = /\/node_modules\/react-dom\/(client\.js|cjs\/react-dom-client\.)/;
/** What both React DOM's client and React Router import: React, the scheduler, React DOM's shared part. */
const REACT_CORE = /\/node_modules\/(react|react-dom|scheduler)\//;
const FRAMEWORK = /\/node_modules\/react-router\//;
/** Rollup's helpers for CommonJS modules (React's are), which they all import. */
const COMMONJS_HELPERS = "\0commonjsHelpers.js";
const HOME = resolve(import.meta.dirname, "app/routes/home.tsx");
const FIRST_SCREEN = [resolve(import.meta.dirname, "app/root.tsx"), HOME];
/**
 * sections: what of /home's graph only a few screens import (its banner, feed sections and ads, which /dark_web and
 * /post show too). In the framework chunk, every other screen loaded them: 1.5 KB gzip of each detail screen's
 * first load (decision 102).
 */
const SECTIONS_MAX_SCREENS = 3;
/**
 * feeds: the endless video feed's modules, which /home's graph holds and the list screens import, but no item screen:
 * in the framework chunk, each item screen's first load carried them.
 */
const FEEDS = new Set(["components/video/video-feed.tsx", "components/video/use-window-rows.ts", "components/feed-frame.tsx", "lib/video-patches.ts", "components/video/sort-tabs.tsx"].map((f) => resolve(import.meta.dirname, "app", f)));
/** The client entry, whose own imports (the idle helpers) go with the framework, not in a chunk of their own. */
const ENTRY = resolve(import.meta.dirname, "app/entry.client.tsx");
const EARLY_START = resolve(import.meta.dirname, "app/early-start.ts");
/** The other screens' first calls, a module per screen, which the starter imports on demand (decisions 088, 089 and 097). */
const EARLY_SCREENS_DIR = resolve(import.meta.dirname, "app/features/early/screens");
const FIRST_CALLS = readdirSync(EARLY_SCREENS_DIR).map((f) => resolve(EARLY_SCREENS_DIR, f));

type ModuleInfo = (id: string) => { importedIds: readonly string[]; importers?: readonly string[]; code?: string | null } | null;
type ChunkMeta = { getModuleInfo: ModuleInfo; getModuleIds: () => IterableIterator<string> };

/** Every module `entries` import statically, the entries included. */
function staticGraph(entries: string[], getModuleInfo: ModuleInfo): Set<string> {
  const graph = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const next = stack.pop()!;
    if (graph.has(next)) continue;
    graph.add(next);
    stack.push(...(getModuleInfo(next)?.importedIds ?? []));
  }
  return graph;
}

/**
 * Fewer, larger chunks for the first screen. Rollup splits the modules /home needs into some twenty files;
 * over HTTP/1.1 on a slow line each costs a round trip on one of six connections and shares the line with
 * React DOM while it waits. Three chunks hold what the route modules import (decisions 017 and 023):
 * - starter: early-start.ts's graph (the gateway client, the stores, React's small core). The page's head runs
 *   it as a script of its own, so it must not wait for React DOM: the build fails if it imports another chunk
 *   statically.
 * - react-dom: React DOM's client, the largest single module. Over HTTP/1.1 it downloads beside the framework
 *   on a connection of its own, with its own share of the line.
 * - react: React, the scheduler and React DOM's shared part, which both React DOM's client and React Router import
 *   (5 KB): in neither, so that the two import no chunk of each other's (decision 056) and React DOM's, the
 *   download the first paint waits for, stays as small as it can be (decision 079).
 * - framework: React Router and the app's modules that root and /home import
 *   statically. The route modules stay entries of their own.
 */
/**
 * kit: what every antd-mobile component needs (its theme and global rules, the config provider with the zh-CN
 * texts, the helpers), in one chunk that any screen showing one of them loads (decisions 049, 087 and 107). The
 * components a screen draws at once (the title bar, buttons, lists, loading dots, the empty state, the endless
 * list's foot) are the app's own in antd-mobile's markup and classes (app/components/kit/): no screen's first frame
 * needs the kit. Split by Rollup it was some forty files of a few hundred bytes, each named in the imports of most
 * routes in the route manifest, which /home loads whole.
 */
// With antd-mobile's Button, which its search bar and dialogs draw: in the overlays' chunk, the search bar brought them.
const KIT_COMPONENTS = ["config-provider", "button"];
/** form: Input and TextArea with runes2 and the clear icon, for the screens and sheets that write (decision 099). */
const FORM_COMPONENTS = ["input", "text-area"];
const kitEntry = (c: string) => resolve(import.meta.dirname, "node_modules/antd-mobile/es/components", c, "index.js");
const FORM_ENTRIES = FORM_COMPONENTS.map(kitEntry);
const FORM_OWN = /\/node_modules\/(antd-mobile\/es\/components\/(input|text-area)\/|runes2\/|antd-mobile-icons\/es\/CloseCircleFill\.js)/;
const KIT_ENTRIES = [...KIT_COMPONENTS.map(kitEntry), ...["global/index.js", "utils/should-render.js"].map((f) => resolve(import.meta.dirname, "node_modules/antd-mobile/es", f))];
/** Packages antd-mobile imports through an index that re-exports each hook or icon from a module of its own. */
const BARRELS: Record<string, (name: string) => string> = {
  ahooks: (name) => `node_modules/ahooks/es/${name}/index.js`,
  "antd-mobile-icons": (name) => `node_modules/antd-mobile-icons/es/${name}.js`,
};
const BARREL_INDEX = /\/node_modules\/(ahooks|antd-mobile-icons)\/es\/index\.js$/;

/**
 * The kit's modules: the static graph of its components, which reaches ahooks' and the icons' modules only for the
 * hooks and icons imported. A manual chunk takes in every module its modules import that no other chunk has, so
 * the indexes themselves go to the motion chunk: through them, the kit took in every hook and icon of the build
 * and the packages they import (lodash, dayjs, a ResizeObserver polyfill), about 10 KB gzip.
 */
function kitGraph(getModuleInfo: ModuleInfo, entries = KIT_ENTRIES): Set<string> {
  const graph = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const next = stack.pop()!;
    if (graph.has(next) || BARREL_INDEX.test(next)) continue;
    graph.add(next);
    const info = getModuleInfo(next);
    stack.push(...(info?.importedIds ?? []));
    for (const [, names, from] of info?.code?.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](ahooks|antd-mobile-icons)['"]/g) ?? []) {
      for (const name of names!.split(",")) {
        const id = resolve(import.meta.dirname, BARRELS[from!]!(name.trim().split(/\s+as\s+/)[0]!));
        if (getModuleInfo(id)) stack.push(id);
      }
    }
  }
  return graph;
}

/**
 * motion: antd-mobile's overlays (popup, mask, dialog, toast, action sheet), with what they import that the kit has
 * not, and ahooks' and the icons' indexes (see kitGraph). No screen shows them at once: they load on demand, and
 * after the first screen is idle (decision 087). spring: react-spring, which they and the tabs animate with
 * (22 KB gzip); gesture: use-gesture, which they, the novel reader's page swipe and Rate drag with (9 KB). Tabs
 * need react-spring alone.
 */
const MOTION = /\/node_modules\/antd-mobile\/es\/components\/(popup|mask|dialog|toast|action-sheet|center-popup|auto-center|safe-area|spin-loading)\//;
const SPRING = /\/node_modules\/(antd-mobile\/node_modules\/)?@react-spring\//;
const GESTURE = /\/node_modules\/@use-gesture\//;
const IMAGE = /\/node_modules\/antd-mobile\/es\/components\/(image|avatar)\//;

/**
 * shared: the app's own modules (components, features, lib) that many screens import statically, in one chunk
 * (decision 087). Rollup made a chunk for each set of screens sharing a module: a detail screen listed some twenty
 * files of 0.2-2 KB, fetched in waves over HTTP/1.1's six connections. A module fewer screens import stays with
 * Rollup's chunks.
 */
const SHARED_MIN_SCREENS = 6;
/**
 * What an item's screen offers on it (comments, like, favourite, report, unlock and spend, keep offline): a chunk of its
 * own, beside the shared one. The tabs and lists that show none of it (/my, /dating, /search/result, /home/creator)
 * loaded it with the shared chunk, about 6 KB gzip.
 */
// The member-only hook stays shared: a follow button (/home/creator, /user) took in the whole chunk for it.
const ITEM_ACTIONS = /\/app\/features\/(comments|like|report|spend|unlock|favorite)\//;
const OFFLINE = /\/app\/features\/offline\//;
/**
 * The endless list's foot and the cards and rows of the list screens: a chunk of their own beside the shared one. An
 * item's screen draws none of them in its first frame (its comments come later, decision 108), and took them in with
 * the shared chunk (decision 109).
 */
const LISTS = /\/app\/components\/(paged-list|element-card|link-item)\.tsx$/;
const MEDIA_FOCUS = resolve(import.meta.dirname, "app/lib/media-focus.ts");
const KIT_FREE_TABS = ["app/routes/scandalous.tsx", "app/routes/resource.tsx", "app/routes/dark-web.tsx"].map((f) => resolve(import.meta.dirname, f));
const ROUTE_MODULE = /\/app\/routes\/.+\.tsx?$/;
const APP_MODULE = /\/app\/(components|features|lib|stores)\//;

/** How many route modules import each app module, directly or not, leaving out what `known` holds. */
function screensImporting(getModuleInfo: ModuleInfo, ids: Iterable<string>, known: Set<string>): Map<string, number> {
  const count = new Map<string, number>();
  for (const route of [...ids].filter((id) => ROUTE_MODULE.test(id))) {
    const seen = new Set<string>();
    const stack = [route];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next) || known.has(next) || next.includes("/node_modules/")) continue;
      seen.add(next);
      stack.push(...(getModuleInfo(next)?.importedIds ?? []));
    }
    for (const id of seen) if (APP_MODULE.test(id)) count.set(id, (count.get(id) ?? 0) + 1);
  }
  return count;
}

/**
 * The screens' first calls (decision 097): each screen's module, with what only it imports, in a chunk of its own
 * (`early-<screen>`); what a route imports too goes with the calls chunk, which they all load, and the call definitions
 * go in a chunk per area (decision 102).
 * No module of React's or the kit's may be in their graph: the build fails if one of those chunks imports another
 * chunk than the starter and the calls.
 */
function earlyChunks(getModuleInfo: ModuleInfo, starter: Set<string>): Map<string, string | undefined> {
  const reached = new Map<string, Set<string>>();
  for (const screen of FIRST_CALLS) {
    for (const id of staticGraph([screen], getModuleInfo)) {
      if (id.includes("/node_modules/") || starter.has(id) || API_AREA.test(id)) continue;
      reached.set(id, (reached.get(id) ?? new Set()).add(screen));
    }
  }
  // A screen's own chunk takes only what nothing else imports: what a route imports too would bring that chunk,
  // with the other screen's calls, to the route's first load.
  const own = new Map([...reached].filter(([id, screens]) => screens.size === 1 || FIRST_CALLS.includes(id)).map(([id, screens]) => [id, [...screens][0]!]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, screen] of own) {
      if (id === screen || (getModuleInfo(id)?.importers ?? []).every((by) => own.get(by) === screen)) continue;
      own.delete(id);
      changed = true;
    }
  }
  // What names no area's calls goes with the calls chunk even when one screen reaches it: left to Rollup, it went to
  // that screen's chunk (a manual chunk takes in what its modules import), and a route importing it loaded that
  // screen's calls and their areas (a resource card's names, the 资源 tab's five areas). What names an area's calls
  // stays with its screen's: the area's own screens import it.
  const namesCalls = (id: string) => [...staticGraph([id], getModuleInfo)].some((m) => API_AREA.test(m));
  return new Map([...reached].map(([id, screens]) => [id, own.has(id) ? `early-${basename(own.get(id)!, ".ts")}` : screens.size > 1 || !namesCalls(id) ? "calls" : undefined]));
}

const API_AREA = /\/gateway\/api\/[^/]+\.ts$/;
/** Chunks named in the build's checks, the benches and profiles; the others are named by their hash alone. */
const NAMED_CHUNKS = new Set(["starter", "framework", "sections", "feeds", "lists", "react-dom", "react", "kit", "form", "motion", "spring", "gesture", "shared", "calls", "hls", "preview-viewer"]);

function firstScreenChunks(): Plugin {
  let starter: Set<string> | undefined;
  let firstScreen: Set<string> | undefined;
  let kit: Set<string> | undefined;
  let form: Set<string> | undefined;
  let shared: Map<string, number> | undefined;
  let firstCalls: Map<string, string | undefined> | undefined;
  let frame: Set<string> | undefined;
  let homeUse: Map<string, number> | undefined;
  const manualChunks = (id: string, { getModuleInfo, getModuleIds }: ChunkMeta) => {
    // A react-dom chunk importing React, React DOM's internals or the scheduler from the framework, which imports
    // React DOM, would make a loop of chunks (react-dom → framework → react-dom): they are a chunk of their own.
    if (REACT_DOM_CLIENT.test(id)) return "react-dom";
    if (REACT_CORE.test(id) || id === COMMONJS_HELPERS) return "react";
    starter ??= staticGraph([EARLY_START], getModuleInfo);
    if (starter.has(id)) return "starter";
    if (FRAMEWORK.test(id)) return "framework";
    firstScreen ??= staticGraph([...FIRST_SCREEN, ENTRY], getModuleInfo);
    if (firstScreen.has(id) && !FIRST_SCREEN.includes(id) && id !== ENTRY && !id.includes("/node_modules/")) {
      frame ??= staticGraph([...FIRST_SCREEN.filter((f) => f !== HOME), ENTRY], getModuleInfo);
      homeUse ??= screensImporting(getModuleInfo, getModuleIds(), starter);
      if (frame.has(id)) return "framework";
      if ((homeUse.get(id) ?? 0) <= SECTIONS_MAX_SCREENS) return "sections";
      return FEEDS.has(id) ? "feeds" : "framework";
    }
    if (MOTION.test(id) || BARREL_INDEX.test(id)) return "motion";
    if (SPRING.test(id)) return "spring";
    if (GESTURE.test(id)) return "gesture";
    kit ??= kitGraph(getModuleInfo);
    if (kit.has(id)) return "kit";
    // The helpers the inputs share with other components (hooks, bound) stay in the kit: in the form chunk, a
    // screen with a selector or tabs would load it for them.
    form ??= kitGraph(getModuleInfo, FORM_ENTRIES);
    if (form.has(id)) return FORM_OWN.test(id) ? "form" : "kit";
    // Avatar and Image (which Dialog imports too): not the kit's, not the overlays' (decision 091).
    if (IMAGE.test(id)) return "image";
    // An area's call definitions, in a chunk of their own: in one chunk of every area's, each screen's first load
    // took in the whole catalogue's calls for its own few (decision 102).
    if (API_AREA.test(id)) return `api-${basename(id, ".ts")}`;
    // The screens' first calls and the app's modules they need (none of React's), never in the shared chunk: it
    // would bring the kit to the kit-free tabs and to the starter's import (decision 097).
    firstCalls ??= earlyChunks(getModuleInfo, starter);
    if (firstCalls.has(id)) return firstCalls.get(id);
    // Not what the kit-free tabs (/scandalous, /resource) import: the shared chunk imports the kit.
    shared ??= screensImporting(getModuleInfo, getModuleIds(), new Set([...starter, ...firstScreen, ...staticGraph(KIT_FREE_TABS, getModuleInfo)]));
    // The sound focus, which only the screens that play (all showing the item's controls) import: one file fewer.
    if (id === MEDIA_FOCUS) return "item-actions";
    // A stylesheet goes with the modules that import it, not to the shared chunk because six screens import it
    // through some module: in the shared chunk its rules were in every screen's first load (decision 095).
    if (id.endsWith(".css")) return undefined;
    if ((shared.get(id) ?? 0) >= SHARED_MIN_SCREENS) return OFFLINE.test(id) ? "offline" : ITEM_ACTIONS.test(id) ? "item-actions" : LISTS.test(id) ? "lists" : "shared";
    return undefined;
  };
  return {
    name: "first-screen-chunks",
    apply: "build",
    configEnvironment(name) {
      // Shared chunks named by their hash alone: the route manifest, which /home loads whole, names each route's
      // chunks, and the names were a fifth of it (decision 049).
      const chunkFileNames = (chunk: { name: string }) => (NAMED_CHUNKS.has(chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash].js");
      if (name === "client") return { build: { rollupOptions: { output: { manualChunks, chunkFileNames } } } };
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      const chunk = Object.values(bundle).find((c) => c.type === "chunk" && c.name === "starter");
      if (!chunk || chunk.type !== "chunk") return this.error("no starter chunk: app/early-start.ts is not in the build");
      // Imports on demand (toasts, the inline cipher when workers fail) are fine; a static one would wait.
      if (chunk.imports.length) this.error(`the starter chunk must stand alone, but imports ${chunk.imports.join(", ")}`);
      // What the starter imports on demand to start a shared link's calls: the calls and nothing of React's or the kit's.
      const isCalls = (c: (typeof bundle)[string]) => c.type === "chunk" && (c.name === "calls" || c.name.startsWith("api-"));
      const callChunks = new Set([chunk.fileName, ...Object.values(bundle).filter(isCalls).map((c) => c.fileName)]);
      for (const c of Object.values(bundle)) {
        if (c.type !== "chunk" || !(isCalls(c) || c.name.startsWith("early-"))) continue;
        if (c.imports.some((file) => !callChunks.has(file))) this.error(`the screens' first calls may import only the starter and the calls, but ${c.fileName} imports ${c.imports.join(", ")}`);
      }
      // React DOM downloads beside the framework and must not import it back (a loop of chunks, decision 056).
      const named = (name: string) => Object.values(bundle).find((c) => c.type === "chunk" && c.name === name);
      const [reactDom, react] = [named("react-dom"), named("react")];
      const allowed = new Set([chunk.fileName, react?.fileName]);
      if (reactDom?.type === "chunk" && reactDom.imports.some((file) => !allowed.has(file))) {
        this.error(`the react-dom chunk may import only the starter and the react chunk, but imports ${reactDom.imports.join(", ")}`);
      }
      if (react?.type === "chunk" && react.imports.some((file) => file !== chunk.fileName)) {
        this.error(`the react chunk may import only the starter, but imports ${react.imports.join(", ")}`);
      }
      // The catalogue's index re-exports every area: a first-screen module importing it pulls every call of the
      // app into the first load. Those modules import the areas they use (`#gateway/api/home.ts`).
      for (const c of Object.values(bundle)) {
        if (c.type === "chunk" && (c.name === "starter" || c.name === "framework") && c.moduleIds.some((id) => id.endsWith("/gateway/api/index.ts"))) {
          this.error(`the ${c.name} chunk holds gateway/api/index.ts: import the call areas the first screen uses directly`);
        }
      }
    },
    writeBundle(options, bundle) {
      if (this.environment?.name !== "client" || !options.dir) return;
      writeFileSync(join(options.dir, "..", EARLY_PRELOADS), JSON.stringify(earlyPreloads(bundle, (message) => this.error(message))));
    },
  };
}

/**
 * Each screen's first calls' chunk and the chunks it imports (the calls, its areas'), by the screen's path
 * (decision 103). The starter imports them when the page opens that screen: preloaded beside the starter, they are
 * in when it asks, instead of a round trip after it.
 */
function earlyPreloads(bundle: Rollup.OutputBundle, fail: (message: string) => never): Record<string, string[]> {
  const source = readFileSync(resolve(import.meta.dirname, "app/features/early/first-calls.ts"), "utf8");
  const screens = [...source.matchAll(/"(\/[\w/-]*)": \(\) => import\("\.\/screens\/([\w-]+\.ts)"\)/g)];
  if (screens.length !== FIRST_CALLS.length) fail(`first-calls.ts maps ${screens.length} screens, but app/features/early/screens holds ${FIRST_CALLS.length}`);
  const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
  const starter = chunks.find((c) => c.name === "starter")!.fileName;
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const withImports = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file) || file === starter) return seen;
    seen.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) withImports(dep, seen);
    return seen;
  };
  return Object.fromEntries(
    screens.map(([, path, module]) => {
      const id = resolve(EARLY_SCREENS_DIR, module!);
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) fail(`no chunk holds ${module}`);
      return [path!, [...withImports(chunk!.fileName)].map((f) => `/${f}`)];
    }),
  );
}

/**
 * ahooks, which antd-mobile imports whole, has no side effects, but some of the packages its hooks import (lodash,
 * dayjs, the ResizeObserver polyfill) do not say so: Rollup kept their top-level code in the kit though no hook
 * that uses them is in the build, about 5 KB gzip of every screen's first load (decision 087). Their modules only
 * define functions and values: unused, they are dropped.
 */
function pureKitDependencies(): Plugin {
  const PURE = /\/node_modules\/(lodash|dayjs|resize-observer-polyfill|react-fast-compare|js-cookie|screenfull|intersection-observer)\//;
  return {
    name: "pure-kit-dependencies",
    apply: "build",
    transform(_code, id) {
      return PURE.test(id) ? { moduleSideEffects: false } : null;
    },
  };
}

/**
 * antd-mobile's global stylesheet without its rules for the document's own elements (html, body, links): the app's
 * (app.css) are the ones meant. antd-mobile's came with its code, later than app.css at the same specificity, so a
 * screen's base text size, link colour and page background changed when any of its components first loaded, on a
 * screen that draws none at first (decision 107). Its theme variables and its classes stay.
 */
function antdGlobalWithoutElementRules(): Plugin {
  const GLOBAL_CSS = resolve(import.meta.dirname, "node_modules/antd-mobile/es/global/global.css");
  const ELEMENT_RULE = /(?:^|\n)(?:html|body|a|a:active|a,\s*button)\s*\{[^}]*\}/g;
  return {
    name: "antd-global-without-element-rules",
    enforce: "pre",
    transform(code, id) {
      if (id.split("?")[0] !== GLOBAL_CSS) return null;
      const kept = code.replace(ELEMENT_RULE, "");
      if (kept.match(/(?:^|\n)(?:html|body|a)[\s,:{]/)) this.error("antd-mobile's global.css has element rules this plugin does not know: check it");
      return { code: kept, map: null };
    },
  };
}

/**
 * lodash's debounce and throttle, which ahooks imports (useThrottleFn for InfiniteScroll, in the kit; useDebounceFn for
 * the picker), replaced by the same algorithm in `app/lib/debounce.ts` without lodash's type checks, `isObject` and
 * CommonJS wrappers: 0.2 KB gzip of every kit screen's first load (decision 096, which replaces decision 094's
 * lean lodash debounce).
 */
function leanLodashTimers(): Plugin {
  const LODASH = /^lodash\/(debounce|throttle)(\.js)?$/;
  const SOURCE = resolve(import.meta.dirname, "app/lib/debounce.ts");
  return {
    name: "lean-lodash-timers",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      const name = LODASH.exec(source)?.[1];
      return name ? `\0lodash-${name}` : null;
    },
    load(id) {
      const name = /^\0lodash-(debounce|throttle)$/.exec(id)?.[1];
      return name ? `export { ${name} as default } from ${JSON.stringify(SOURCE)};` : null;
    },
  };
}

/**
 * The app's `import { Button } from "antd-mobile"` taken straight to the component's module, as
 * babel-plugin-import does. Through the package's index, the chunk of any app module importing the kit took in
 * every antd-mobile component (a manual chunk takes in what its modules import and no other chunk has): the
 * shared chunk held the forms, pickers and swiper (decision 087).
 */
function antdDirectImports(): Plugin {
  const INDEX = resolve(import.meta.dirname, "node_modules/antd-mobile/es/index.js");
  let from: Map<string, { path: string; name: string }> | undefined;
  const exportsOf = () => {
    from ??= new Map(
      [...readFileSync(INDEX, "utf8").matchAll(/export \{ (?:default as )?(\w+) \} from '\.\/([\w/-]+)';/g)].map(([whole, name, path]) => [
        name!,
        { path: `antd-mobile/es/${path}`, name: whole.includes("default as") ? "default" : name! },
      ]),
    );
    return from;
  };
  const rewrite = (keyword: "import" | "export", names: string) => {
    const lines = ['import "antd-mobile/es/global";'];
    for (const spec of names.split(",").map((n) => n.trim()).filter(Boolean)) {
      if (spec.startsWith("type ")) {
        // `import { type X }` would keep an import of the index (verbatimModuleSyntax); `import type` is erased.
        lines.push(`${keyword} type { ${spec.slice(5)} } from "antd-mobile";`);
        continue;
      }
      const [name, as = name] = spec.split(/\s+as\s+/) as [string, string?];
      const target = exportsOf().get(name);
      if (!target) throw new Error(`antd-mobile exports no ${name}`);
      lines.push(`${keyword} { ${target.name} as ${as} } from "${target.path}";`);
    }
    return lines.join("\n");
  };
  return {
    name: "antd-direct-imports",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!id.startsWith(resolve(import.meta.dirname, "app")) || !code.includes('from "antd-mobile"')) return null;
      return code.replace(/\b(import|export)\s*\{([^}]*)\}\s*from\s*"antd-mobile";?/g, (_, keyword: "import" | "export", names: string) => rewrite(keyword, names));
    },
  };
}

/**
 * antd-mobile's own `import { useGetState } from "ahooks"` (and the icons') taken straight to the hook's or icon's
 * module. Through the indexes, which sit in the motion chunk (see kitGraph), any component outside the kit that
 * uses a hook (the Swiper, Avatar, SearchBar) brought the overlays, react-spring and use-gesture to its screen
 * (decision 091).
 */
function antdBarrelImports(): Plugin {
  const modules = new Map<string, Map<string, { path: string; named: boolean }>>();
  const read = (pkg: string) => {
    if (modules.has(pkg)) return modules.get(pkg)!;
    const index = readFileSync(resolve(import.meta.dirname, `node_modules/${pkg}/es/index.js`), "utf8");
    const byName = new Map<string, { path: string; named: boolean }>();
    for (const [, name, named, path] of index.matchAll(/import (?:(\w+)(?:, )?)?(?:\{([^}]*)\})? from '\.\/([\w/]+)';/g)) {
      const file = resolve(import.meta.dirname, `node_modules/${pkg}/es/${path}/index.js`);
      if (name) byName.set(name, { path: file, named: false });
      for (const n of named?.split(",").map((x) => x.trim()).filter(Boolean) ?? []) byName.set(n, { path: file, named: true });
    }
    for (const [, name, path] of index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w/]+\.js)';/g)) byName.set(name!, { path: resolve(import.meta.dirname, `node_modules/${pkg}/es/${path}`), named: false });
    modules.set(pkg, byName);
    return byName;
  };
  return {
    name: "antd-barrel-imports",
    apply: "build",
    transform(code, id) {
      if (!id.includes("/node_modules/antd-mobile/es/") || !/from '(ahooks|antd-mobile-icons)'/.test(code)) return null;
      return code.replace(/import \{([^}]*)\} from '(ahooks|antd-mobile-icons)';/g, (whole, names: string, pkg: string) => {
        const byName = read(pkg);
        const specs = names.split(",").map((n) => n.trim()).filter(Boolean);
        const direct = specs.map((spec) => {
          const [name, as = name] = spec.split(/\s+as\s+/) as [string, string?];
          const found = byName.get(name);
          if (!found) return undefined;
          return found.named ? `import { ${name} as ${as} } from ${JSON.stringify(found.path)};` : `import ${as} from ${JSON.stringify(found.path)};`;
        });
        return direct.every(Boolean) ? direct.join("\n") : whole;
      });
    },
  };
}

/**
 * React Router's package exports only its development build, which keeps its dev warnings (and the
 * messages' text) in a production bundle (remix-run/react-router#14753). The production build is the same
 * code with the warnings off; the build takes it.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = resolve(import.meta.dirname, "node_modules/react-router/dist/production");
  return {
    name: "react-router-production-build",
    apply: "build",
    config() {
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: `${dist}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${dist}/dom-export.mjs` },
          ],
        },
      };
    },
  };
}

/**
 * crypto-js without its passphrase path. `aes.js` and `cipher-core.js` load the OpenSSL key derivation
 * (`evpkdf`, which loads `sha1` and `hmac`) and the Base64 formatter for `AES.encrypt(text, "passphrase")` and
 * for ciphertexts given as Base64 strings. The gateway's cipher passes keys, IVs and ciphertexts as WordArrays
 * (gateway/crypto-js.ts), so none of that runs: 1 KB gzip of the page worker, which every first screen
 * waits for. Both modules only register themselves on CryptoJS; here they register nothing (decision 053).
 */
function cryptoJsWithoutPassphrases(): Plugin {
  const UNUSED = /^\.\/(evpkdf|enc-base64)(\.js)?$/;
  const STUB = "\0crypto-js-unused";
  return {
    name: "crypto-js-without-passphrases",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer?.includes("/node_modules/crypto-js/") && UNUSED.test(source)) return STUB;
      return null;
    },
    load(id) {
      return id === STUB ? "export default {};" : null;
    },
  };
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  // SOURCEMAP=1 npm run build: maps for finding what a chunk holds (bundle size work); NO_MINIFY=1 keeps
  // names readable in profiles. terser: ≈4 KB gzip less than esbuild on the first load (decision 013);
  // MINIFY=esbuild for builds whose size nobody measures (the failover test's own build), several times faster.
  build: {
    sourcemap: process.env.SOURCEMAP === "1",
    minify: process.env.NO_MINIFY === "1" ? false : process.env.MINIFY === "esbuild" ? "esbuild" : "terser",
    terserOptions: { compress: { passes: 2 } },
  },
  // antd-mobile's ES build imports CSS; the build-time prerender must bundle it rather than require it.
  ssr: { noExternal: ["antd-mobile", /^antd-mobile\//, "use-immer"] },
  server: {
    // `npm run dev` serves the app; the reference gateway (`npm run serve`) answers the API.
    proxy: Object.fromEntries(["/api", "/imgUpload.php", "/videoUpload.php", "/uploads", "/media"].map((p) => [p, GATEWAY])),
  },
  worker: { plugins: () => [cryptoJsWithoutPassphrases()] },
  plugins: [
    cryptoJsWithoutPassphrases(),
    reactRouter(),
    versionFile(),
    compileHints(),
    firstScreenChunks(),
    pureKitDependencies(),
    leanLodashTimers(),
    antdDirectImports(),
    antdBarrelImports(),
    antdGlobalWithoutElementRules(),
    reactRouterProductionBuild(),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "移动影音",
        short_name: "影音",
        description: "移动影音 — 手机上的影音社区",
        lang: "zh-CN",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        background_color: "#121212",
        theme_color: "#121212",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // Every file of the app, hls.js included: once installed, the app's own files come from here, so a
        // line that dies after serving the app takes none of them with it (decision 035).
        globPatterns: ["**/*.{js,css,html,png,svg,webmanifest}"],
        // The first visit's page is controlled as soon as the worker is installed, not from the next load.
        clientsClaim: true,
        // React Router writes the SPA's index.html and each screen's page after the service worker is generated.
        additionalManifestEntries: ["index.html", ...prerenderedPaths(routes).map((p) => `${p.slice(1)}/index.html`)].map((url) => ({ url, revision: BUILD_ID })),
        // The shell answers the app's own screens only; every other address (the gateway's calls, media and uploads,
        // a payment provider's cashier, an operator's page) goes to the network (decision 057).
        navigateFallback: "/index.html",
        navigateFallbackAllowlist: [screenPattern(screenPaths(routes))],
        cleanupOutdatedCaches: true,
        // No runtime routes: gateway calls are POSTs, which Workbox never routes, so they always go to the
        // network. Static routes (public/sw-routes.js, decision 052) keep the worker out of their way entirely,
        // and out of the media's and uploads'.
        importScripts: ["sw-pages.js", "sw-routes.js"],
      },
    }),
  ],
});
