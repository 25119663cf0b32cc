import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { expect, it } from "vitest";
import routes from "./routes.ts";

/**
 * Route modules that are a screen: layouts only frame their children, the catch-all's error page names itself,
 * an old address only redirects, and an action route has no screen (only a clientAction).
 */
function screens(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => (e.children ? screens(e.children) : e.path === "*" || e.file === "routes/moved.tsx" || e.file.startsWith("routes/actions/") ? [] : [e.file]));
}

// A screen without a title leaves the tab, the history list and a screen reader with the previous page's.
it("gives every screen a title", () => {
  const files = screens(routes);
  expect(files.length).toBeGreaterThan(30);
  const untitled = files.filter((file) => !/^export (async )?function meta\b|^export const meta\b/m.test(readFileSync(join(import.meta.dirname, file), "utf8")));
  expect(untitled).toEqual([]);
});

it("sends every old address that redirects to a screen at its /my path", () => {
  const moved = routes.filter((e) => e.file === "routes/moved.tsx").map((e) => e.path);
  expect(moved.length).toBeGreaterThan(0);
  const paths = new Set(routes.map((e) => e.path));
  expect(moved.filter((old) => !paths.has(`my/${old}`))).toEqual([]);
});

it("gives action routes a clientAction, nothing to render, and the not-found page when opened", () => {
  const actions = routes.filter((e) => e.file.startsWith("routes/actions/"));
  expect(actions.length).toBeGreaterThan(0);
  for (const { file } of actions) {
    const source = readFileSync(join(import.meta.dirname, file), "utf8");
    expect(source, file).toMatch(/^export async function clientAction\b/m);
    expect(source, file).not.toMatch(/^export default\b/m);
    expect(source, file).toMatch(/^export async function clientLoader\(\{ request \}: Route\.ClientLoaderArgs\) \{\n  throw notFound\(request\);\n\}/m);
  }
});

// The product's screen paths (issues 2, 3 and 18): links already shared open them, so a rename must fail here.
// Parameters go in the query string, never in path segments.
const PRODUCT_SCREENS = [
  "home", "scandalous", "resource", "dark_web", "post", "my", "login", "player",
  "home/collect", "home/creator", "home/collect-detail", "series", "tag", "category",
  "discovery/tag", "discovery/concentration", "discovery/daily-pick", "discovery/theme",
  "search", "search/result",
  "user", "user/focus", "user/fans", "user/fan-rank", "user/fan-rule", "user/fan-group",
  "my/setting", "my/info", "my/edit", "my/updatepwd", "my/announcement", "my/notice",
  "my/my-like", "my/my-purchase", "my/my-tickets",
  // Dating (issue 21).
  "dating", "dating/detail", "dating/dcomment", "dating/certify", "my/my-dating",
  // Wallet, top-ups and the agent programme (issue 22).
  "my/recharge", "my/recharge-records", "my/consumptions", "my/purse", "my/proxy", "my/proxy-rule",
  // Sharing, help and support (issue 22).
  "share/index", "share/promotion", "share/records", "my/my-fans", "my/issues", "my/app-center", "user/customer",
  // Scandal news and the post circle (issue 20).
  "scandalous/detail", "post/detail", "post/topic", "post/category", "lookmv", "my/my-post",
  // Resources (issue 19).
  // Comics.
  "cartoon/cartoon-detail", "cartoon/cartoon-read",
  // Novels.
  "novel/detail", "novel/chapter", "novel/reader",
  // Picture sets and audio books.
  "audio/detail",
  "picture/detail",
  // Games.
  "game/detail",
];

it("puts every product screen at its own path, with no path parameters", () => {
  const paths = routes.filter((e) => e.path && e.file !== "routes/moved.tsx" && !e.file.startsWith("routes/actions/")).map((e) => e.path!);
  expect(paths.filter((p) => p.includes(":"))).toEqual([]);
  expect(PRODUCT_SCREENS.filter((p) => !paths.includes(p))).toEqual([]);
  expect(routes.some((e) => e.index && e.file === "routes/splash.tsx")).toBe(true);
});
