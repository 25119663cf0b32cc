import { randomBytes } from "node:crypto";
import { appendFile, mkdir, open, readFile, rename, stat, writeFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { safeFile } from "#server/static/serve.ts";

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
  /** Bytes held so far for a chunked upload; 0 when it has none. */
  held(uploadId: string): Promise<number>;
  /** Adds bytes at the end of what a chunked upload holds. */
  append(uploadId: string, bytes: Uint8Array): Promise<void>;
  /** Up to `length` bytes from the start of what a chunked upload holds. */
  head(uploadId: string, length: number): Promise<Uint8Array>;
  readMeta(uploadId: string): Promise<UploadMeta | undefined>;
  writeMeta(uploadId: string, meta: UploadMeta): Promise<void>;
  /** Moves what a chunked upload holds to a stored file; answers its public path. Its meta stays. */
  finish(uploadId: string, kind: UploadKind, ext: string): Promise<string>;
  /**
   * Runs `fn` while no other call for the same upload id runs, so that a retried chunk racing the original is
   * not appended twice.
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

/**
 * Uploads on a local (or mounted shared) folder: stored files under `{root}/{kind}/{YYYYMM}/`, chunked
 * uploads as `{root}/tmp/{id}.part` and `{root}/tmp/{id}.json`. `root` is `{DATA_DIR}/uploads`.
 */
export function diskStorage(root: string): UploadStorage {
  const base = resolve(root);
  const tmp = join(base, "tmp");
  const part = (id: string) => join(tmp, `${checkedId(id)}.part`);
  const metaFile = (id: string) => join(tmp, `${checkedId(id)}.json`);
  const locks = new Map<string, Promise<unknown>>();

  async function newFile(kind: UploadKind, ext: string) {
    const name = `${randomBytes(12).toString("hex")}.${checkedExt(ext)}`;
    const now = new Date();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    const dir = join(base, kind, month);
    await mkdir(dir, { recursive: true });
    return { file: join(dir, name), publicPath: `/uploads/${kind}/${month}/${name}` };
  }

  return {
    async store(kind, ext, bytes) {
      const target = await newFile(kind, ext);
      await writeFile(target.file, bytes);
      return target.publicPath;
    },

    async held(uploadId) {
      return (await ifExists(() => stat(part(uploadId))))?.size ?? 0;
    },

    async append(uploadId, bytes) {
      await mkdir(tmp, { recursive: true });
      await appendFile(part(uploadId), bytes);
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
      const text = await ifExists(() => readFile(metaFile(uploadId), "utf8"));
      return text === undefined ? undefined : (JSON.parse(text) as UploadMeta);
    },

    async writeMeta(uploadId, meta) {
      await mkdir(tmp, { recursive: true });
      await writeFile(metaFile(uploadId), JSON.stringify(meta));
    },

    async finish(uploadId, kind, ext) {
      const target = await newFile(kind, ext);
      await rename(part(uploadId), target.file);
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
