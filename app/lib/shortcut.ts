import { safeRedirect } from "./safe-url.ts";

/** Category ids with a dedicated screen; every other id (15 and 18 included) uses the caller's default. */
export function categoryShortcut(id: number, title: string, fallback: string): string {
  const t = encodeURIComponent(title);
  switch (id) {
    case 8:
      return "/dating";
    case 50:
      return `/category?title=${t}&type=novel`;
    case 74:
      return `/category?title=${t}&type=comic`;
    default:
      return fallback;
  }
}

/** A video category's address: its own screen when it has one (the shortcuts), else /category. */
export function categoryHref(id: number, title: string): string {
  return categoryShortcut(id, title, `/category?id=${id}`);
}

/**
 * Where an in-app target (a banner's or an ad's `url`) leads: a category's address through the shortcuts; an
 * empty string for anything that is not an in-app path.
 */
export function inAppTarget(url: string, title: string): string {
  const path = safeRedirect(url, "");
  if (!path) return "";
  const target = new URL(path, "http://app.invalid");
  const id = Number(target.searchParams.get("id"));
  if (target.pathname === "/category" && Number.isSafeInteger(id) && id > 0) return categoryShortcut(id, title, path);
  return path;
}
