import type { Context } from "hono";
import type { ServerSettings } from "#server/env.ts";
import type { UploadStorage } from "./storage.ts";

/** What the upload handlers need: one storage per server, and the sign keys. */
export interface UploadDeps {
  storage: UploadStorage;
  settings: Pick<ServerSettings, "uploadImgKey" | "uploadVideoKey">;
}

/** Parses a multipart upload, or null when the body is not one (the caller answers the error). */
export async function parseMultipart(c: Context): Promise<Record<string, string | File> | null> {
  try {
    return (await c.req.parseBody()) as Record<string, string | File>;
  } catch {
    return null;
  }
}
