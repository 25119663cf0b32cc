import { Command } from "commander";
import { basename } from "node:path";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { uploadImage as upload } from "#gateway/uploads.ts";
import { resolveContext } from "../lib/context.ts";
import { printJson } from "../lib/output.ts";
import { fetchUploadConfig, readUploadFile, uploaded } from "../lib/uploads.ts";

export const uploadImage = new Command("upload-image")
  .description("upload an image through the gateway's image address")
  .argument("<file>")
  .option("--position <position>", "upload position", "head")
  .action(async (file: string, opts: { position: string }, command: Command) => {
    const ctx = resolveContext(command);
    const bytes = readUploadFile(file);
    const config = await fetchUploadConfig(ctx);
    // The stored path as the upload answers it, as upload-video prints its own; the address behind img_domain goes in --json.
    const stored = await upload({ config: { ...config, img_domain: "" }, file: new Blob([new Uint8Array(bytes)]), fileName: basename(file), crypto: nodeCrypto, position: opts.position });
    const { path, url } = uploaded(stored, config.img_upload_url, config.img_domain);
    if (ctx.json) printJson({ path, url, bytes: bytes.length });
    else process.stdout.write(`${path}\n`);
  });
