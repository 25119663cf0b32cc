import type { RouteConfigEntry } from "@react-router/dev/routes";

// The service worker answers a navigation with the app shell only for the app's own screens: every other
// address on the origin (the gateway's calls, media and uploads, the payment provider's cashier and callbacks,
// whatever a gateway or an operator adds later) is left to the network (decision 057). The list comes from
// app/routes.ts, so a new screen is in it without anyone remembering to add it.

/** The URL paths of `routes` ("/", "/home", "/my/recharge", …), nested ones joined, the catch-all left out. */
export function screenPaths(routes: readonly RouteConfigEntry[], parent = ""): string[] {
  const paths = new Set<string>();
  for (const r of routes) {
    const own = r.path ? `${parent}/${r.path.replace(/^\/|\/$/g, "")}` : parent;
    if (r.path?.includes("*")) continue;
    if (r.index || (r.path && !r.children?.length)) paths.add(own || "/");
    if (r.children) for (const p of screenPaths(r.children, own)) paths.add(p);
  }
  return [...paths];
}

/** The screens the build prerenders, each into a page of its own (decision 089): all but "/", the SPA fallback. */
export const prerenderedPaths = (routes: readonly RouteConfigEntry[]) => screenPaths(routes).filter((p) => p !== "/" && !p.includes(":"));

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/**
 * One pattern matching a navigation's path and query (what Workbox's NavigationRoute tests) when its path is
 * one of `paths`, with or without a trailing slash; `:param` segments match any one segment.
 */
export function screenPattern(paths: readonly string[]): RegExp {
  const bodies = paths
    .map((p) => p.replace(/^\//, ""))
    .filter(Boolean)
    .map((p) =>
      p
        .split("/")
        .map((seg) => (seg.startsWith(":") ? "[^/?#]+" : escape(seg)))
        .join("/"),
    );
  return new RegExp(`^/(?:${bodies.join("|")})?/?(?:[?#]|$)`);
}
