import type { Context } from "hono";
import { readBody } from "#server/http/body.ts";
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

/** A file field of a multipart body read by `readMultipart`: its bytes are a view into the body. */
export interface FormFile {
  filename: string;
  bytes: Buffer;
}

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

/**
 * Parses a multipart body read straight from the request (`readBody`), or answers null when it is not one. The
 * video upload's chunks come many a second: the web Request, FormData and File layers under `parseMultipart`
 * copied each chunk several times and made most of the gateway's garbage.
 */
export async function readMultipart(c: Context, limit: number): Promise<Record<string, string | FormFile> | null> {
  const boundary = /^multipart\/form-data\s*;.*?boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(c.req.header("content-type") ?? "");
  if (!boundary) return null;
  const body = await readBody(c, limit);
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  // The first delimiter has no line break before it.
  let at = body.indexOf(delimiter.subarray(2));
  if (at !== 0 && at !== -1) at = body.indexOf(delimiter);
  else if (at === 0) at = -2;
  if (at === -1) return null;
  const out: Record<string, string | FormFile> = {};
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) return out; // "--": the last part
    if (!body.subarray(afterDelimiter, afterDelimiter + 2).equals(CRLF)) return null;
    const headersEnd = body.indexOf(HEADERS_END, afterDelimiter + 2);
    if (headersEnd === -1) return null;
    const headers = body.toString("utf8", afterDelimiter + 2, headersEnd);
    const next = body.indexOf(delimiter, headersEnd + 4);
    if (next === -1) return null;
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? "";
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    const value = body.subarray(headersEnd + 4, next);
    if (name !== undefined) out[name] = filename === undefined ? value.toString("utf8") : { filename, bytes: value };
    at = next;
  }
}
