import { probeFile, seconds } from "../ffmpeg.ts";
import { IngestError } from "../errors.ts";

/** A source video as the ladder needs it: its length, its picture as shown (rotation and pixel shape applied), whether it has sound. */
export interface VideoProbe {
  duration: number;
  width: number;
  height: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** Reads a video with ffprobe; refuses a file that is not one (no picture, unreadable, empty, no length). */
export async function probeVideo(file: string): Promise<VideoProbe> {
  const name = file.split(/[\\/]/).pop()!;
  const info = await probeFile(file, "not a video");
  const streams = info.streams ?? [];
  // A cover picture inside an audio file is a "video" stream of one frame: not a video.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic && s.width && s.height);
  const hasAudio = streams.some((s) => s.codec_type === "audio");
  const duration = seconds(info.format?.duration) || seconds(video?.duration);
  if (!video || !duration) throw new IngestError(`not a video: ${name}`);
  let width = video.width!;
  let height = video.height!;
  const [sarW, sarH] = (video.sample_aspect_ratio ?? "1:1").split(":").map(Number) as [number, number];
  if (sarW > 0 && sarH > 0 && sarW !== sarH) width = Math.round((width * sarW) / sarH);
  const rotation = Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0);
  // ffmpeg turns a rotated picture upright as it decodes it: the ladder works on the upright size.
  if (Math.abs(rotation) % 180 === 90) [width, height] = [height, width];
  return { duration, width, height, hasVideo: true, hasAudio };
}
