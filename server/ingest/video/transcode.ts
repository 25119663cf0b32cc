import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { FFMPEG, run } from "../ffmpeg.ts";
import type { Rendition } from "./ladder.ts";
import type { VideoProbe } from "./probe.ts";

/** Seconds per HLS segment: the clips' (decision 081), so a preview of N seconds is ceil(N / 2) segments. */
export const SEGMENT_SECONDS = 2;

/**
 * x264's preset: `veryfast` encodes about 2.5× faster than `medium` on this kind of machine for files a few percent
 * larger at the same CRF (decision 085 has the figures), which matters more on a server that transcodes on the CPU it
 * serves from.
 */
export const PRESET = process.env.INGEST_X264_PRESET ?? "veryfast";

export interface TranscodeOptions {
  /** The source file. */
  input: string;
  /** What ffprobe read of it. */
  probe: VideoProbe;
  renditions: readonly Rendition[];
  /** The folder the HLS goes into (created): `master.m3u8` and one folder per rendition. */
  outDir: string;
  /** How far ffmpeg is (0–1) and the seconds it expects still to take. */
  onProgress?: (fraction: number, etaSeconds: number | undefined) => void;
  /** Aborting kills ffmpeg. */
  signal?: AbortSignal;
  preset?: string;
}

/**
 * Encodes the source into an HLS ladder in one ffmpeg run (the source decoded once, scaled once per rendition), laid
 * out as the committed clips are (decision 081): `master.m3u8` naming `<rendition>/index.m3u8`, each with `init.mp4`
 * and `seg-N.m4s` (fMP4, 2 s, keyframes at the same times in every rendition so a player can switch at any segment).
 * H.264 and AAC; a source without sound gets no audio track. Each variant's BANDWIDTH is its peak segment's rate.
 */
export async function transcodeHls(opts: TranscodeOptions): Promise<void> {
  const out = resolve(opts.outDir);
  const { renditions, probe } = opts;
  await mkdir(out, { recursive: true });
  const n = renditions.length;
  const split = `[0:v]split=${n}${renditions.map((_, i) => `[s${i}]`).join("")}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`);
  const args = [
    "-hide_banner",
    "-loglevel", "error",
    "-nostats",
    "-progress", "pipe:1",
    "-y",
    "-i", resolve(opts.input),
    "-filter_complex", [split, ...scales].join(";"),
  ];
  for (const [i, r] of renditions.entries()) {
    args.push("-map", `[v${i}]`);
    if (probe.hasAudio) args.push("-map", "0:a:0");
    args.push(`-maxrate:v:${i}`, String(r.maxrate), `-bufsize:v:${i}`, String(r.maxrate * 2));
  }
  args.push(
    "-c:v", "libx264",
    "-preset", opts.preset ?? PRESET,
    "-profile:v", "high",
    "-pix_fmt", "yuv420p",
    "-crf", "23",
    // A keyframe every 2 s of the source's own time, at the same instants in every rendition.
    "-force_key_frames", `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    "-sc_threshold", "0",
  );
  if (probe.hasAudio) args.push("-c:a", "aac", "-b:a", "128k", "-ac", "2");
  args.push(
    "-f", "hls",
    "-hls_time", String(SEGMENT_SECONDS),
    "-hls_playlist_type", "vod",
    "-hls_segment_type", "fmp4",
    "-hls_fmp4_init_filename", "init.mp4",
    "-hls_flags", "independent_segments",
    "-var_stream_map", renditions.map((r, i) => `v:${i}${probe.hasAudio ? `,a:${i}` : ""},name:${r.name}`).join(" "),
    "-master_pl_name", "master.m3u8",
    "-hls_segment_filename", join(out, "%v", "seg-%d.m4s"),
    join(out, "%v", "index.m3u8"),
  );
  const started = Date.now();
  let pending = "";
  const result = await run(FFMPEG, args, {
    signal: opts.signal,
    onStdout(chunk) {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (!m || !opts.onProgress) continue;
        const fraction = Math.min(1, Number(m[1]) / 1e6 / probe.duration);
        const elapsed = (Date.now() - started) / 1000;
        opts.onProgress(fraction, fraction > 0.01 ? (elapsed / fraction) * (1 - fraction) : undefined);
      }
    },
  });
  if (result.code !== 0) throw new Error(`ffmpeg failed (exit ${result.code}): ${result.stderr.trim().split("\n").slice(-3).join(" | ")}`);
  await fixLayout(out, renditions);
  opts.onProgress?.(1, 0);
}

/**
 * What ffmpeg's HLS muxer leaves to do: it numbers each rendition's init section (`init_0.mp4`), and for a CRF encode
 * BANDWIDTH carries the audio's rate only. Every init section is named `init.mp4`, and each variant gets its peak
 * segment's bit rate (RFC 8216 4.3.4.2), as scripts/make-clips.sh does for the clips.
 */
async function fixLayout(out: string, renditions: readonly Rendition[]) {
  const peak = new Map<string, number>();
  for (const r of renditions) {
    const dir = join(out, r.name);
    const files = await readdir(dir);
    const init = files.find((f) => /^init(_\d+)?\.mp4$/.test(f));
    if (!init) throw new Error(`ffmpeg wrote no init section for ${r.name}`);
    if (init !== "init.mp4") await rename(join(dir, init), join(dir, "init.mp4"));
    const playlist = join(dir, "index.m3u8");
    await writeFile(playlist, (await readFile(playlist, "utf8")).replace(/init_\d+\.mp4/g, "init.mp4"));
    let most = 0;
    for (const f of files.filter((f) => /^seg-\d+\.m4s$/.test(f))) most = Math.max(most, (await stat(join(dir, f))).size);
    peak.set(`${r.name}/index.m3u8`, Math.ceil((most * 8) / SEGMENT_SECONDS));
  }
  const master = join(out, "master.m3u8");
  const lines = (await readFile(master, "utf8")).split("\n").filter(Boolean);
  for (let i = 0; i < lines.length - 1; i++) {
    const rate = peak.get(lines[i + 1]!);
    if (lines[i]!.startsWith("#EXT-X-STREAM-INF") && rate) lines[i] = lines[i]!.replace(/BANDWIDTH=\d+/, `BANDWIDTH=${rate}`);
  }
  await writeFile(master, `${lines.join("\n")}\n`);
}

/**
 * A poster frame at about a tenth of the video (past black openings and titles), as JPEG bytes, no wider than
 * 1280 pixels.
 */
export async function posterFrame(input: string, probe: VideoProbe, signal?: AbortSignal): Promise<Uint8Array> {
  const at = Math.min(probe.duration * 0.1, Math.max(0, probe.duration - 0.1));
  const result = await run(
    FFMPEG,
    ["-hide_banner", "-loglevel", "error", "-ss", at.toFixed(3), "-i", resolve(input), "-frames:v", "1", "-vf", "scale='min(1280,iw)':-2,setsar=1", "-q:v", "3", "-f", "image2", "-c:v", "mjpeg", "pipe:1"],
    { signal, binary: true },
  );
  if (result.code !== 0 || !result.bytes?.length) throw new Error(`ffmpeg made no poster: ${result.stderr.trim().split("\n").pop() ?? ""}`);
  return result.bytes;
}
