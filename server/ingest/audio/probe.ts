import { basename, extname } from "node:path";
import { probeFile, seconds } from "../ffmpeg.ts";
import { IngestError } from "../errors.ts";

/** The chapter files an audio book takes, by extension: what every phone's browser plays in an `<audio>`. */
export const AUDIO_EXTENSIONS = [".mp3", ".m4a", ".aac"] as const;

export const isAudioName = (name: string) => (AUDIO_EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase());

/** ffprobe's format names of what the extensions promise (an M4A is an MP4 container, an AAC file ADTS). */
const FORMATS: Record<string, RegExp> = { ".mp3": /\bmp3\b/, ".m4a": /\b(mp4|m4a|mov)\b/, ".aac": /\baac\b/ };

/**
 * A chapter's length in seconds, read with ffprobe. Refuses a file that is not audio of the kind its name says (a
 * video, an image, text renamed `.mp3`, an empty file): an audio stream, no moving picture, a length.
 */
export async function probeAudio(file: string): Promise<{ duration: number }> {
  const name = basename(file);
  const ext = extname(name).toLowerCase();
  if (!isAudioName(name)) throw new IngestError(`not an audio file (MP3, M4A or AAC): ${name}`);
  const info = await probeFile(file, "not audio");
  const streams = info.streams ?? [];
  const audio = streams.find((s) => s.codec_type === "audio");
  // An MP3's cover picture is a one-frame "video" stream marked attached_pic: still audio.
  const moving = streams.some((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const duration = seconds(info.format?.duration) || seconds(audio?.duration);
  if (!audio || moving || !duration || !FORMATS[ext]!.test(info.format?.format_name ?? "")) throw new IngestError(`not audio: ${name}`);
  return { duration };
}
