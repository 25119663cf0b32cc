import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { IngestError } from "./errors.ts";

// ffmpeg and ffprobe from Debian's `ffmpeg` package (README): only the ingest commands run them, never the gateway.
// File names go to them as arguments of their own, never through a shell.

export const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
export const FFPROBE = process.env.FFPROBE_PATH ?? "ffprobe";

/** What ffprobe says of a file (`-show_format -show_streams`), the fields we read. */
export interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  side_data_list?: { rotation?: number }[];
  tags?: { rotate?: string };
}

export interface ProbeResult {
  format?: { duration?: string; format_name?: string };
  streams?: ProbeStream[];
}

/**
 * util-linux's setpriv (in every Debian): it makes the kernel kill ffmpeg when the command that started it dies. An
 * ingest killed mid-transcode (SIGKILL, a lost terminal) would otherwise leave ffmpeg encoding into a folder the next
 * run cleans up: Node ignores SIGPIPE and its children inherit that, so ffmpeg does not notice its pipe is gone.
 */
const SETPRIV = "/usr/bin/setpriv";
const withParent = process.platform === "linux" && existsSync(SETPRIV);
const notFound = (program: string) => new IngestError(`${program} not found: install Debian's ffmpeg package (apt-get install ffmpeg)`);

/** Runs a program to its end; answers its exit code, stdout (as bytes with `binary`) and the tail of its stderr. */
export function run(program: string, args: readonly string[], opts: { signal?: AbortSignal; binary?: boolean; onStdout?: (chunk: string) => void } = {}) {
  return new Promise<{ code: number | null; stdout: string; bytes?: Uint8Array; stderr: string }>((resolve, reject) => {
    const [command, argv] = withParent ? [SETPRIV, ["--pdeathsig", "KILL", "--", program, ...args]] : [program, args];
    const child = spawn(command, argv, { stdio: ["ignore", "pipe", "pipe"], signal: opts.signal, killSignal: "SIGKILL" });
    let stdout = "";
    const chunks: Buffer[] = [];
    let stderr = "";
    if (opts.binary) child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    else child.stdout.setEncoding("utf8").on("data", (chunk: string) => (opts.onStdout ? opts.onStdout(chunk) : (stdout += chunk)));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? notFound(program) : error));
    child.on("close", (code) => {
      if (withParent && code === 127 && stderr.includes("failed to execute")) reject(notFound(program));
      else resolve({ code, stdout, stderr, ...(opts.binary ? { bytes: new Uint8Array(Buffer.concat(chunks)) } : {}) });
    });
  });
}

/**
 * ffprobe's view of `file`, or an IngestError naming it as `what` (`not a video: clip.mov`) when it is missing, empty or
 * not media ffprobe reads. The path goes absolute, so no name is read as an option or a protocol.
 */
export async function probeFile(file: string, what: string): Promise<ProbeResult> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new IngestError(`no such file: ${file}`);
  if (!info.size) throw new IngestError(`empty file: ${basename(file)}`);
  const out = await run(FFPROBE, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", resolve(file)]);
  if (out.code !== 0) throw new IngestError(`${what}: ${basename(file)}`);
  try {
    return JSON.parse(out.stdout) as ProbeResult;
  } catch {
    throw new IngestError(`${what}: ${basename(file)}`);
  }
}

/** A positive finite number of seconds, or 0. */
export const seconds = (text: string | undefined) => {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : 0;
};
