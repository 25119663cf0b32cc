import { readFileSync, statSync } from "node:fs";
import { system } from "#gateway/api/index.ts";
import type { UploadConfig } from "#gateway/uploads.ts";
import type { Context } from "./context.ts";
import { CliError } from "./output.ts";

export function readUploadFile(path: string): Buffer {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new CliError(`no such file: ${path}`);
  }
  if (!stat.isFile()) throw new CliError(`not a file: ${path}`);
  return readFileSync(path);
}

/** Upload addresses come from the gateway's config, as in the app. */
export async function fetchUploadConfig(ctx: Context): Promise<UploadConfig> {
  const config = await ctx.client().send(system.getConfig, undefined);
  if (!config?.upload) throw new CliError("the gateway's config has no upload block");
  return config.upload;
}
