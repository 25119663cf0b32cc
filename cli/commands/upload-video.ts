import { Command } from "commander";
import { createHash } from "node:crypto";
import { createReadStream, openAsBlob, statSync } from "node:fs";
import { basename } from "node:path";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { uploadVideo as upload } from "#gateway/uploads.ts";
import { resolveContext } from "../lib/context.ts";
import { CliError, printJson } from "../lib/output.ts";
import { progressBar } from "../lib/progress.ts";
import { fetchUploadConfig, inputFile, uploaded } from "../lib/uploads.ts";

/** Waits `ms`, or less when `signal` aborts (Ctrl-C during a throttled upload). */
function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Wraps fetch so that request bodies leave at no more than `bytesPerSecond` on average. */
function rateLimitedFetch(bytesPerSecond: number): typeof fetch {
  const started = Date.now();
  let sent = 0;
  return async (input, init) => {
    const body = init?.body;
    if (body instanceof FormData) {
      for (const value of body.values()) if (value instanceof Blob) sent += value.size;
      const due = started + (sent / bytesPerSecond) * 1000;
      if (due > Date.now()) await sleep(due - Date.now(), init?.signal);
    }
    return fetch(input, init);
  };
}

export const uploadVideo = new Command("upload-video")
  .description("upload a video in 64 KB chunks; rerun the same command to resume")
  .argument("<file>")
  .option("--limit-rate <bytes>", "throttle to this many bytes per second (like curl's)")
  .action(async (file: string, opts: { limitRate?: string }, command: Command) => {
    const ctx = resolveContext(command);
    const limit = opts.limitRate === undefined ? undefined : Number(opts.limitRate);
    if (limit !== undefined && !(Number.isFinite(limit) && limit > 0)) throw new CliError("--limit-rate must be a positive number of bytes per second");
    const path0 = inputFile(file);
    const size = statSync(path0).size;
    // Content-derived, so a rerun after an interruption finds the partial upload. Hashed as a stream and
    // sent from a file-backed Blob: a video of gigabytes is never held in memory.
    const hash = createHash("md5");
    for await (const chunk of createReadStream(path0)) hash.update(chunk as Buffer);
    const uuid = `${hash.digest("hex")}${size.toString(36)}`;
    const blob = await openAsBlob(path0);
    const config = await fetchUploadConfig(ctx);
    const bar = progressBar(basename(file));
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once("SIGINT", onSigint);
    let resumedFrom: number | undefined;
    try {
      const stored = await upload({
        config,
        file: blob,
        fileName: basename(file),
        uuid,
        crypto: nodeCrypto,
        signal: controller.signal,
        fetch: limit ? rateLimitedFetch(limit) : undefined,
        onProgress: (sent, total) => {
          if (resumedFrom === undefined) {
            resumedFrom = sent;
            if (sent > 0 && !ctx.json) process.stderr.write(sent >= total ? `already uploaded (${bar.human(total)})\n` : `resuming at ${bar.human(sent)} of ${bar.human(total)}\n`);
          }
          if (ctx.json) return;
          bar.update(sent, total);
          if (!process.stderr.isTTY) process.stdout.write(`progress ${sent}/${total}\n`);
        },
      });
      bar.done();
      const { path, url } = uploaded(stored, config.videoUploadUrl);
      if (ctx.json) printJson({ path, url, bytes: size, uuid, resumedFrom: resumedFrom ?? 0 });
      else process.stdout.write(`${path}\n`);
    } catch (error) {
      bar.done();
      if (controller.signal.aborted) throw new CliError(`interrupted; run the same command again to resume`);
      throw error;
    } finally {
      process.off("SIGINT", onSigint);
    }
  });
