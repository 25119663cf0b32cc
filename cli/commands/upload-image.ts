import { Command } from "commander";
import { basename } from "node:path";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { uploadImage as upload } from "#gateway/uploads.ts";
import { resolveContext } from "../lib/context.ts";
import { printJson } from "../lib/output.ts";
import { fetchUploadConfig, readUploadFile } from "../lib/uploads.ts";

export const uploadImage = new Command("upload-image")
  .description("upload an image through the gateway's image address")
  .argument("<file>")
  .option("--position <position>", "upload position", "head")
  .action(async (file: string, opts: { position: string }, command: Command) => {
    const ctx = resolveContext(command);
    const bytes = readUploadFile(file);
    const config = await fetchUploadConfig(ctx);
    const path = await upload({ config, file: new Blob([new Uint8Array(bytes)]), fileName: basename(file), crypto: nodeCrypto, position: opts.position });
    if (ctx.json) printJson({ path, bytes: bytes.length });
    else process.stdout.write(`${path}\n`);
  });
