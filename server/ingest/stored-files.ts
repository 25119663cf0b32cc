import type { Context } from "hono";
import { clock } from "#server/clock.ts";
import { GRANT_TTL_MS, grantIsValid, grantQuery } from "#server/media/grants.ts";
import { sendFile } from "#server/static/serve.ts";
import { isContentKey, type ContentStore } from "./store.ts";

// A published item's files are named in its rows as `file:<key>/<path>` (decision 084): an image's seed (a cover, a
// comic page, a picture), a video's or an audio chapter's media. Images leave as encrypted addresses under
// /media/enc/s/ (docs/protocol.md §7). A file directly under its key (a cover, a poster) is public; a file in a
// folder (an episode's pages, a chapter's audio, a paid set's pictures) is served only with a grant on that folder,
// given to a caller who may open it.

export const STORED_PREFIX = "file:";

export const isStoredRef = (ref: string) => ref.startsWith(STORED_PREFIX);

/** The reference of a stored file. */
export const storedRef = (key: string, path: string) => `${STORED_PREFIX}${key}/${path}`;

/** A reference's key and path inside it, or null when it is not a well-formed stored reference. */
export function parseStoredRef(ref: string): { key: string; path: string } | null {
  if (!isStoredRef(ref)) return null;
  const [key = "", ...rest] = ref.slice(STORED_PREFIX.length).split("/");
  const path = rest.join("/");
  return isContentKey(key) && path && !rest.includes("..") ? { key, path } : null;
}

/** What a grant on a stored file covers: its key and first folder; null for a public file (directly under its key). */
export function storedSubject(key: string, path: string): string | null {
  const slash = path.indexOf("/");
  return slash < 0 ? null : `file/${key}/${path.slice(0, slash)}`;
}

/** Who a stored file's grant is for: the caller's id (0 a visitor) and the gateway's media secret. */
export interface StoredGrant {
  secret: string;
  uid: number;
}

/**
 * The address of a stored encrypted image. One in a folder needs `grant` (else the address answers 403): its expiry
 * is rounded up to 10 minutes, so the same caller gets the same address for a while (the browser keeps its cache).
 */
export function storedImageUrl(origin: string, ref: string, grant?: StoredGrant, now = clock.now()): string {
  const parsed = parseStoredRef(ref);
  if (!parsed) return "";
  const address = `${origin}/media/enc/s/${parsed.key}/${parsed.path.split("/").map(encodeURIComponent).join("/")}`;
  const subject = storedSubject(parsed.key, parsed.path);
  if (!subject || !grant) return address;
  const expires = Math.ceil((now + GRANT_TTL_MS) / 600_000) * 600;
  return `${address}?${grantQuery(grant.secret, subject, grant.uid, expires)}`;
}

/** GET /media/enc/s/{key}/{path}: a stored encrypted image, as the bytes were stored. */
export async function serveStoredImage(c: Context, store: ContentStore, secret: string): Promise<Response> {
  const rest = c.req.path.slice("/media/enc/s/".length);
  const slash = rest.indexOf("/");
  const key = rest.slice(0, slash);
  const path = rest.slice(slash + 1);
  if (slash < 0 || !isContentKey(key) || !path.endsWith(".bin")) return c.text("not found", 404);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return c.text("not found", 404);
  }
  // A grant covers one folder: no path may step out of it.
  if (decoded.split("/").some((part) => !part || part === "." || part === ".." || part.includes("\\") || part.includes("\0"))) return c.text("not found", 404);
  const subject = storedSubject(key, decoded);
  if (subject && !grantIsValid(secret, subject, (name) => c.req.query(name))) return c.text("forbidden", 403);
  const file = await store.resolve(key, path);
  if (!file) return c.text("not found", 404);
  const expires = Number(c.req.query("e")) * 1000;
  const cache = subject ? `private, max-age=${Math.max(0, Math.min(3600, Math.floor((expires - clock.now()) / 1000)))}` : "public, max-age=31536000, immutable";
  c.header("access-control-allow-origin", "*");
  return sendFile(c, file, c.req.path, cache);
}
