import { readdir, writeFile } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { Command, Option } from "commander";
import { PREVIEW_SEGMENTS_FILE } from "#server/content/media.ts";
import { IngestError } from "#server/ingest/errors.ts";
import { storeImage } from "#server/ingest/images.ts";
import { checkReferences, insertItem } from "#server/ingest/items.ts";
import { publish, withStage } from "#server/ingest/publish.ts";
import { storedRef } from "#server/ingest/stored-files.ts";
import { ladderFor } from "#server/ingest/video/ladder.ts";
import { probeVideo } from "#server/ingest/video/probe.ts";
import { PRESET, SEGMENT_SECONDS, posterFrame, transcodeHls } from "#server/ingest/video/transcode.ts";
import { AdminError } from "../database.ts";
import { wholeNumber, withContent } from "./context.ts";

// `npm run admin -- content add-video FILE --title … [--section porn|aw] [--category ID] [--tags a,b] [--creator UID]
// [--price COINS] [--vip-free] [--series ID] [--preview-seconds 30] [--json]`: a video file becomes an HLS ladder
// (decision 085), its poster the cover, published as one video item all or nothing (decision 084).

interface Options {
  title: string;
  description?: string;
  section: "porn" | "aw";
  category?: string;
  tags?: string;
  creator?: string;
  price?: string;
  vipFree?: boolean;
  series?: string;
  previewSeconds: string;
  json?: boolean;
}

/** Every file under `dir`, relative to `base`, with `/` between folders. */
async function filesUnder(base: string, dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(base, join(e.parentPath, e.name)).split("\\").join("/"));
}

export const addVideo = new Command("add-video")
  .description("publish a video file: an HLS ladder (360p to 1080p, no upscaling), its poster as the cover")
  .argument("<file>", "the video file (anything ffmpeg reads)")
  .requiredOption("--title <title>", "its title")
  .option("--description <text>", "its description")
  .addOption(new Option("--section <section>", "porn (首页) or aw (暗网)").choices(["porn", "aw"]).default("porn"))
  .option("--category <id>", "a video category of the section")
  .option("--tags <a,b>", "tags, comma-separated")
  .option("--creator <uid>", "the member shown as its creator")
  .option("--price <coins>", "its price in coins (0: free)")
  .option("--vip-free", "free for VIP members")
  .option("--series <id>", "a video series it belongs to")
  .option("--preview-seconds <s>", "how much of a sold video plays before it is bought", "30")
  .option("--json", "print the result as JSON")
  .action(async (file: string, opts: Options) => {
    const title = opts.title.trim();
    if (!title || [...title].length > 100) throw new AdminError("--title must be 1 to 100 characters");
    const coins = wholeNumber("--price", opts.price, { max: 100_000 }) ?? 0;
    const categoryId = wholeNumber("--category", opts.category, { min: 1, max: 1e9 }) ?? null;
    const creatorId = wholeNumber("--creator", opts.creator, { min: 1, max: 1e9 }) ?? null;
    const seriesId = wholeNumber("--series", opts.series, { min: 1, max: 1e9 }) ?? null;
    const previewSeconds = wholeNumber("--preview-seconds", opts.previewSeconds, { min: SEGMENT_SECONDS, max: 600 })!;
    const tags = (opts.tags ?? "").split(/[,，]/).map((t) => t.trim()).filter(Boolean);
    if (tags.some((t) => [...t].length > 20)) throw new AdminError("a tag is at most 20 characters");
    await withContent({ json: opts.json, clean: true }, async ({ db, store, mediaKey, report }) => {
      await checkReferences(db, "video", { categoryId, seriesId, creatorId });
      if (categoryId !== null) {
        const section = await db.value<string>("SELECT section FROM categories WHERE id = ?", [categoryId]);
        if (section !== opts.section) throw new IngestError(`category ${categoryId} is in section ${section}, not ${opts.section}`);
      }
      report.step(`reading ${basename(file)}`);
      const probe = await probeVideo(file);
      const renditions = ladderFor(probe.width, probe.height);
      const previewSegments = Math.ceil(previewSeconds / SEGMENT_SECONDS);
      const published = await withStage(store, async (stage) => {
        report.step(
          `transcoding ${Math.round(probe.duration)} s of ${probe.width}x${probe.height}${probe.hasAudio ? "" : " (no sound)"} into ${renditions.map((r) => r.name).join(", ")} (x264 ${PRESET})`,
        );
        await transcodeHls({ input: file, probe, renditions, outDir: join(stage.dir, "hls"), onProgress: (f, left) => report.progress(f, left) });
        await writeFile(join(stage.dir, "hls", PREVIEW_SEGMENTS_FILE), `${previewSegments}\n`);
        report.step("taking a poster frame");
        const poster = await storeImage(stage, "poster.bin", await posterFrame(file, probe), mediaKey, "poster frame");
        const files = [...(await filesUnder(stage.dir, join(stage.dir, "hls"))), "poster.bin"];
        report.step(`publishing ${files.length} files`);
        const id = await publish(db, store, stage, files, (tx, key) =>
          insertItem(tx, key, {
            kind: "video",
            section: opts.section,
            title,
            description: opts.description?.trim() ?? "",
            cover: poster,
            media: storedRef(key, "hls/master.m3u8"),
            duration: probe.duration,
            categoryId,
            seriesId,
            creatorId,
            coins,
            vipFree: Boolean(opts.vipFree),
            tags,
          }),
        );
        return { id, key: stage.key };
      });
      const sold = coins > 0 || Boolean(opts.vipFree);
      const data = {
        id: published.id,
        kind: "video",
        title,
        section: opts.section,
        duration: Math.round(probe.duration),
        renditions: renditions.map((r) => ({ name: r.name, width: r.width, height: r.height })),
        coins,
        vip_free: Boolean(opts.vipFree),
        preview_segments: previewSegments,
        store_key: published.key,
      };
      report.result(data, [
        `${published.id}  ${title}: published, ${data.duration} s in ${renditions.map((r) => r.name).join(", ")}`,
        `price: ${coins ? `${coins} 金币` : "free"}${opts.vipFree ? " (free for VIP)" : ""}${sold ? `; preview ${previewSegments * SEGMENT_SECONDS} s` : ""}`,
      ]);
    });
  });
