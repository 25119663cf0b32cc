import type { Context } from "hono";
import type { DB } from "#server/db/index.ts";
import { grantExpiry, grantIsValid, grantQuery } from "#server/media/grants.ts";
import { clock } from "#server/clock.ts";
import type { ContentStore } from "#server/ingest/store.ts";
import { parseStoredRef } from "#server/ingest/stored-files.ts";
import { sendFile } from "#server/static/serve.ts";

// Audio books play short generated tones (no recordings): a chapter's `media` is `tone:<seed>:<seconds>`, and
// its WAV is drawn from the seed, the same bytes every time. A chapter's address carries a grant (decision 044):
// who it was given to, until when, signed with MEDIA_URL_SECRET; the gateway answers only a valid grant, given
// by the chapter list to a caller who may play the chapter. A locked chapter has no address to give away.

const SAMPLE_RATE = 8000;
const MAX_SECONDS = 60;

export interface Tone {
  seed: string;
  seconds: number;
}

/** The tone of a chapter's `media`, or null when it has none. */
export function toneOf(media: string): Tone | null {
  const m = /^tone:([\w-]{1,60}):(\d{1,3})$/.exec(media);
  if (!m) return null;
  return { seed: m[1]!, seconds: Math.min(Math.max(Number(m[2]), 1), MAX_SECONDS) };
}

function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// A pentatonic scale: any order of its notes sounds calm.
const SCALE = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33, 659.25];
const NOTE_SECONDS = 0.5;

/** A mono 8-bit WAV of the tone: notes picked from the seed, each fading in and out. */
export function toneWav(tone: Tone): Uint8Array {
  const samples = tone.seconds * SAMPLE_RATE;
  const out = new Uint8Array(44 + samples);
  const view = new DataView(out.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples, true);
  let state = hash32(tone.seed);
  const perNote = NOTE_SECONDS * SAMPLE_RATE;
  let freq = SCALE[0]!;
  for (let i = 0; i < samples; i++) {
    const inNote = i % perNote;
    if (inNote === 0) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      freq = SCALE[state % SCALE.length]!;
    }
    const envelope = Math.min(1, inNote / 400, (perNote - inNote) / 800);
    out[44 + i] = 128 + Math.round(60 * envelope * Math.sin((2 * Math.PI * freq * i) / SAMPLE_RATE));
  }
  return out;
}

/**
 * An ingested chapter's stored file (decision 085): `file:<key>/audio/<seq>-<seconds>s.<mp3|m4a|aac>`, its length in
 * its name as a tone's is in its `media`.
 */
const STORED_AUDIO = /^file:[a-z0-9]{16,40}\/audio\/\d{1,5}-(\d{1,6})s\.(mp3|m4a|aac)$/;

/** The stored name of an ingested chapter's audio, inside its item's folder. */
export const storedAudioPath = (seq: number, seconds: number, ext: string) => `audio/${seq}-${Math.max(1, Math.round(seconds))}s.${ext}`;

/** A chapter's length in seconds: a tone's, or an ingested file's; 0 when unknown. */
export function chapterSeconds(media: string): number {
  return toneOf(media)?.seconds ?? Number(STORED_AUDIO.exec(media)?.[1] ?? 0);
}

/** The extension a chapter's address ends in: `wav` for a tone, the stored file's for an ingested chapter. */
const audioExtension = (media: string) => STORED_AUDIO.exec(media)?.[2] ?? "wav";

/** The address of a chapter's audio for caller `uid` (0: a visitor), good for `GRANT_TTL_MS`. */
export function audioUrl(origin: string, secret: string, unitId: number, uid: number, now = clock.now(), media = ""): string {
  return `${origin}/media/audio/${unitId}.${audioExtension(media)}?${grantQuery(secret, String(unitId), uid, grantExpiry(now))}`;
}

// Drawn WAVs by chapter: a listener seeks and replays, and the browser asks in ranges.
const MAX_CACHED = 64;
const cache = new Map<string, Uint8Array>();

function cachedWav(tone: Tone): Uint8Array {
  const key = `${tone.seed}:${tone.seconds}`;
  let wav = cache.get(key);
  if (!wav) {
    wav = toneWav(tone);
    cache.set(key, wav);
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  }
  return wav;
}

/**
 * GET /media/audio/:name (`<unit id>.wav`, or `.mp3`, `.m4a`, `.aac` for an ingested chapter): a chapter's audio for a
 * valid grant, byte ranges included (seeking).
 */
export async function serveAudio(c: Context, db: DB, secret: string, store: ContentStore): Promise<Response> {
  const m = /^(\d{1,12})\.(wav|mp3|m4a|aac)$/.exec(c.req.param("name") ?? "");
  if (!m) return c.text("not found", 404);
  const unitId = Number(m[1]);
  if (!grantIsValid(secret, String(unitId), (name) => c.req.query(name))) return c.text("forbidden", 403);
  const media = await db.value<string>("SELECT u.media FROM item_units u JOIN items i ON i.id = u.item_id WHERE u.id = ? AND i.kind = 'audio'", [unitId]);
  if (media && audioExtension(media) !== m[2]) return c.text("not found", 404);
  const stored = media && STORED_AUDIO.test(media) ? parseStoredRef(media) : null;
  if (stored) {
    const file = await store.resolve(stored.key, stored.path);
    if (!file) return c.text("not found", 404);
    c.header("access-control-allow-origin", "*");
    return sendFile(c, file, c.req.path, "private, max-age=3600");
  }
  const tone = media ? toneOf(media) : null;
  if (!tone) return c.text("not found", 404);
  const wav = cachedWav(tone);
  const headers: Record<string, string> = {
    "content-type": "audio/wav",
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=3600",
    "access-control-allow-origin": "*",
  };
  const send = (bytes: Uint8Array, status: 200 | 206, extra: Record<string, string>) =>
    c.req.method === "HEAD" ? c.body(null, status, { ...headers, ...extra }) : c.body(bytes as Uint8Array<ArrayBuffer>, status, { ...headers, ...extra });
  const range = c.req.header("range")?.match(/^bytes=(\d*)-(\d*)$/);
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, wav.length - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), wav.length - 1) : wav.length - 1;
    if (start > end || start >= wav.length) return c.body(null, 416, { ...headers, "content-range": `bytes */${wav.length}` });
    const part = wav.subarray(start, end + 1);
    return send(part, 206, { "content-range": `bytes ${start}-${end}/${wav.length}`, "content-length": String(part.length) });
  }
  return send(wav, 200, { "content-length": String(wav.length) });
}
