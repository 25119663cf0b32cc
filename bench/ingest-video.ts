// Issue 38's transcoding figure: how many times faster than real time `content add-video` turns a 60 s 720p source
// into its HLS ladder (720p, 540p, 360p in one ffmpeg run) with the chosen x264 preset, beside `medium` (x264's
// default) for the decision's comparison (decision 085). Needs ffmpeg; no build, no gateway.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ladderFor } from "#server/ingest/video/ladder.ts";
import { probeVideo } from "#server/ingest/video/probe.ts";
import { PRESET, transcodeHls } from "#server/ingest/video/transcode.ts";

const SECONDS = 60;
const line = (label: string, value: string, note = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${note ? `   (${note})` : ""}`);

/** Bytes of every file under `dir`. */
const sizeOf = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);

export async function benchIngestVideo() {
  console.log(`\nIngest: a ${SECONDS} s 1280x720 test source with sound to an HLS ladder (content add-video)`);
  const dir = mkdtempSync(join(tmpdir(), "bench-ingest-"));
  try {
    const source = join(dir, "source.mp4");
    // A moving pattern and a tone, kept near lossless so the source's own coding does not flatter the encode.
    execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=30:duration=${SECONDS}`, "-f", "lavfi", "-i", `sine=frequency=440:duration=${SECONDS}`, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-c:a", "aac", "-shortest", source]);
    const probe = await probeVideo(source);
    const renditions = ladderFor(probe.width, probe.height);
    for (const preset of [...new Set([PRESET, "medium"])]) {
      const out = join(dir, preset);
      const started = performance.now();
      await transcodeHls({ input: source, probe, renditions, outDir: out, preset });
      const seconds = (performance.now() - started) / 1000;
      line(`${preset}${preset === PRESET ? " (chosen)" : ""}: ${renditions.map((r) => r.name).join(" + ")}`, `${(SECONDS / seconds).toFixed(2)}× real time`, `${seconds.toFixed(1)} s, ${(sizeOf(out) / 1048576).toFixed(1)} MB`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
