import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { home } from "#gateway/api/index.ts";
import { joinDomain, uploadConfigOf, type UploadConfig } from "#gateway/uploads.ts";
import type { Context } from "./context.ts";
import { CliError } from "./output.ts";

/**
 * A path as the user typed it: `npm run cli` runs in the package's folder, so a relative path is taken from
 * the folder npm was started in (INIT_CWD).
 */
export const userPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** A file's path after checking it is one (clear messages instead of ENOENT/EISDIR). */
export function inputFile(path: string): string {
  const full = userPath(path);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    throw new CliError(`no such file: ${path}`);
  }
  if (!stat.isFile()) throw new CliError(`not a file: ${path}`);
  return full;
}

export function readUploadFile(path: string): Buffer {
  return readFileSync(inputFile(path));
}

/** Upload addresses come from the gateway's config, as in the app. */
export async function fetchUploadConfig(ctx: Context): Promise<UploadConfig> {
  const upload = uploadConfigOf(await (await ctx.client()).send(home.getConfig, undefined));
  if (!upload) throw new CliError("the gateway's config lacks img_upload_url, upload_img_key, videoUploadUrl or uploadKey");
  return upload;
}

/**
 * What both upload commands print: the stored path (what calls take, as the upload answered it) and, for
 * `--json`, the address it is served at.
 */
export function uploaded(path: string, servedFrom: string, domain?: string): { path: string; url: string } {
  return { path, url: domain ? joinDomain(domain, path) : new URL(path, servedFrom).href };
}
