import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { safeFile } from "#server/static/serve.ts";
import { addRange, type ByteRanges } from "./byte-ranges.ts";

export type UploadKind = "images" | "videos";

/** What a chunked upload records beside its bytes: the size announced, the client's name for it, and where it went. */
export interface UploadMeta {
  size: number;
  name: string;
  /** The public path once the upload is finished. */
  path?: string;
}

/**
 * Where uploaded files live. Every upload read and write goes through this (decision 029), so a shared
 * volume or an object store can take the place of the local disk. Public paths are
 * `/uploads/{kind}/{YYYYMM}/{random}.{ext}`, named by the storage, never by the client.
 *
 * A chunked upload is addressed by its upload id (the protocol's `uuid`); its bytes stay private until
 * `finish`.
 */
export interface UploadStorage {
  /** Stores a finished file under a new name; answers its public path. */
  store(kind: UploadKind, ext: string, bytes: Uint8Array): Promise<string>;
  /** The byte ranges a chunked upload holds, `[start, end)`, sorted and merged; none when it has none. */
  held(uploadId: string): Promise<ByteRanges>;
  /**
   * Writes bytes of a chunked upload at their offset (chunks arrive in any order, decision 047), then records
   * them as held: what `held` answers is never more than what was written, so a crash costs a resent chunk.
   */
  write(uploadId: string, offset: number, bytes: Uint8Array): Promise<void>;
  /** Up to `length` bytes from the start of what a chunked upload holds. */
  head(uploadId: string, length: number): Promise<Uint8Array>;
  readMeta(uploadId: string): Promise<UploadMeta | undefined>;
  writeMeta(uploadId: string, meta: UploadMeta): Promise<void>;
  /** Moves what a chunked upload holds to a stored file; answers its public path. Its meta stays. */
  finish(uploadId: string, kind: UploadKind, ext: string): Promise<string>;
  /**
   * Runs `fn` while no other call for the same upload id runs, so that chunks racing each other do not lose
   * each other's record in the meta.
   *
   * NOTE: `diskStorage` locks within one process only. With several gateway processes on a shared volume, the
   * requests of one chunked upload must reach one process (sticky by `uuid`; as the uuid travels in the body, in
   * practice sticky by client address), or the storage must lock across processes (an advisory lock in the
   * shared database, a conditional write in an object store).
   */
  exclusive<T>(uploadId: string, fn: () => Promise<T>): Promise<T>;
  /**
   * A local file to serve for a public path (`/uploads/...` as requested, still percent-encoded), or null when
   * there is none: outside the uploads, a partial upload, or not a file.
   */
  resolve(publicPath: string): Promise<string | null>;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const EXT = /^[a-z0-9]{1,8}$/;

// The handlers check ids and extensions too; these keep the storage safe on its own.
function checkedId(uploadId: string) {
  if (!UPLOAD_ID.test(uploadId)) throw new Error(`invalid upload id: ${uploadId}`);
  return uploadId;
}
function checkedExt(ext: string) {
  if (!EXT.test(ext)) throw new Error(`invalid extension: ${ext}`);
  return ext;
}

/** How long an upload's files stay open after its last chunk. */
const IDLE_CLOSE_MS = 10_000;

/** An upload this process is receiving: its files kept open between chunks, and what it holds. */
interface Active {
  part: FileHandle;
  /** The record of held ranges: a line `start end` per write, appended after the bytes are written. */
  log: FileHandle;
  ranges: ByteRanges;
  timer?: NodeJS.Timeout;
}

/**
 * Uploads on a local (or mounted shared) folder: stored files under `{root}/{kind}/{YYYYMM}/`, chunked
 * uploads as `{root}/tmp/{id}.part` (bytes at their offsets), `{id}.ranges` (what is held) and `{id}.json` (the
 * meta). `root` is `{DATA_DIR}/uploads`. The files of an upload being received stay open between its chunks.
 */
export function diskStorage(root: string): UploadStorage {
  const base = resolve(root);
  const tmp = join(base, "tmp");
  const part = (id: string) => join(tmp, `${checkedId(id)}.part`);
  const rangesFile = (id: string) => join(tmp, `${checkedId(id)}.ranges`);
  const metaFile = (id: string) => join(tmp, `${checkedId(id)}.json`);
  const locks = new Map<string, Promise<unknown>>();
  const active = new Map<string, Promise<Active>>();
  // Read with every chunk, written twice per upload (its start and its end): kept for the recent uploads.
  const metas = new Map<string, UploadMeta>();
  const remember = (uploadId: string, meta: UploadMeta) => {
    metas.delete(uploadId);
    metas.set(uploadId, meta);
    if (metas.size > 512) metas.delete(metas.keys().next().value!);
    return meta;
  };
  let tmpReady: Promise<unknown> | undefined;
  // Once per storage, not once per chunk; retried after a failure (the folder removed under a running server).
  const ensureTmp = () => (tmpReady ??= mkdir(tmp, { recursive: true }).catch((error: unknown) => ((tmpReady = undefined), Promise.reject(error))));

  async function newFile(kind: UploadKind, ext: string) {
    const name = `${randomBytes(12).toString("hex")}.${checkedExt(ext)}`;
    const now = new Date();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    const dir = join(base, kind, month);
    await mkdir(dir, { recursive: true });
    return { file: join(dir, name), publicPath: `/uploads/${kind}/${month}/${name}` };
  }

  /** What is held, from the files: the record, or for a part from before decision 047 (no record) its length. */
  async function readHeld(uploadId: string): Promise<ByteRanges> {
    const record = await ifExists(() => readFile(rangesFile(uploadId), "utf8"));
    if (record === undefined) {
      const length = (await ifExists(() => stat(part(uploadId))))?.size ?? 0;
      return length ? [[0, length]] : [];
    }
    let ranges: ByteRanges = [];
    for (const line of record.split("\n")) {
      const m = /^(\d+) (\d+)$/.exec(line); // a line cut short by a crash is skipped: its chunk is sent again
      if (m && Number(m[2]) > Number(m[1])) ranges = addRange(ranges, Number(m[1]), Number(m[2]));
    }
    return ranges;
  }

  async function close(uploadId: string) {
    const entry = active.get(uploadId);
    if (!entry) return;
    active.delete(uploadId);
    const a = await entry.catch(() => undefined);
    if (!a) return;
    clearTimeout(a.timer);
    await Promise.all([a.part.close(), a.log.close()]).catch(() => undefined);
  }

  /** The open files of an upload; closed again when it has been idle for a while. */
  function opened(uploadId: string): Promise<Active> {
    let entry = active.get(uploadId);
    if (!entry) {
      entry = (async () => {
        await ensureTmp();
        const ranges = await readHeld(uploadId);
        // The record exists before the part's first byte: a part without one is from before decision 047.
        const log = await open(rangesFile(uploadId), "a");
        if (ranges.length && !(await log.stat()).size) await log.appendFile(ranges.map(([a, b]) => `${a} ${b}\n`).join(""));
        const handle = await open(part(uploadId), constants.O_WRONLY | constants.O_CREAT).catch(async (error: unknown) => {
          await log.close();
          throw error;
        });
        return { part: handle, log, ranges };
      })();
      active.set(uploadId, entry);
      entry.catch(() => active.get(uploadId) === entry && active.delete(uploadId));
    }
    return entry.then((a) => {
      clearTimeout(a.timer);
      a.timer = setTimeout(() => void close(uploadId), IDLE_CLOSE_MS).unref();
      return a;
    });
  }

  return {
    async store(kind, ext, bytes) {
      const target = await newFile(kind, ext);
      await writeFile(target.file, bytes);
      return target.publicPath;
    },

    async held(uploadId) {
      const entry = active.get(uploadId);
      return entry ? (await entry).ranges : readHeld(uploadId);
    },

    async write(uploadId, offset, bytes) {
      const a = await opened(uploadId);
      let done = 0;
      while (done < bytes.length) done += (await a.part.write(bytes, done, bytes.length - done, offset + done)).bytesWritten;
      await a.log.write(`${offset} ${offset + bytes.length}\n`);
      a.ranges = addRange(a.ranges, offset, offset + bytes.length);
    },

    async head(uploadId, length) {
      const handle = await ifExists(() => open(part(uploadId), "r"));
      if (!handle) return new Uint8Array(0);
      try {
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async readMeta(uploadId) {
      const known = metas.get(checkedId(uploadId));
      if (known) return known;
      const text = await ifExists(() => readFile(metaFile(uploadId), "utf8"));
      return text === undefined ? undefined : remember(uploadId, JSON.parse(text) as UploadMeta);
    },

    async writeMeta(uploadId, meta) {
      await ensureTmp();
      // Written aside and renamed, so that a crash never leaves half of it.
      const aside = `${metaFile(uploadId)}.${randomBytes(4).toString("hex")}`;
      await writeFile(aside, JSON.stringify(meta));
      await rename(aside, metaFile(uploadId));
      remember(uploadId, meta);
    },

    async finish(uploadId, kind, ext) {
      await close(uploadId);
      const target = await newFile(kind, ext);
      await rename(part(uploadId), target.file);
      await rm(rangesFile(uploadId), { force: true });
      return target.publicPath;
    },

    async exclusive(uploadId, fn) {
      const previous = locks.get(uploadId) ?? Promise.resolve();
      const run = previous.then(fn, fn);
      const settled = run.catch(() => undefined);
      locks.set(uploadId, settled);
      try {
        return await run;
      } finally {
        if (locks.get(uploadId) === settled) locks.delete(uploadId);
      }
    },

    async resolve(publicPath) {
      if (!publicPath.startsWith("/uploads/")) return null;
      const file = safeFile(base, publicPath.slice("/uploads".length));
      // Partial uploads are private, however the path to them is spelled.
      if (!file || relative(base, file).split(sep)[0]!.toLowerCase() === "tmp") return null;
      return file;
    },
  };
}

/** `fn`'s answer, or undefined when the file it reads does not exist. */
async function ifExists<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
