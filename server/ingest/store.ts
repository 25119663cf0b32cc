import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { safeFile } from "#server/static/serve.ts";

/**
 * Where published content's files live (decision 084): one folder per item, named by a key the store picks. Ingest
 * commands write an item's files into a private staging folder, then `commit` makes them the key's files in one
 * step; nothing a staged or discarded key holds is ever served. Every read and write of content files goes through
 * this, so a deployment that keeps media elsewhere (a shared volume, an object store that uploads the folder on
 * `commit`) changes this module only.
 */
export interface ContentStore {
  /** A new key and a private local folder to write its files into (ffmpeg writes there directly). */
  stage(): Promise<Stage>;
  /** Publishes a staged folder as its key's files. */
  commit(stage: Stage): Promise<void>;
  /** Drops a staged folder and everything in it. */
  discard(stage: Stage): Promise<void>;
  /** A local file to serve for `path` (still percent-encoded) of a committed key, or null. */
  resolve(key: string, path: string): Promise<string | null>;
  /** Deletes a committed key's files. */
  remove(key: string): Promise<void>;
  /** Every committed key, with when it was committed (ms). */
  keys(): Promise<{ key: string; at: number }[]>;
  /**
   * Staged folders left by ingests that ended without committing or discarding them (killed, crashed): their
   * process is gone (on this host), or a day has passed (another host's).
   */
  leftovers(): Promise<Stage[]>;
}

export interface Stage {
  key: string;
  dir: string;
}

/** A staged folder's owner: `{host}\n{pid}`. */
const OWNER = ".owner";
const DAY_MS = 86_400_000;

async function abandoned(dir: string): Promise<boolean> {
  const owner = await readFile(join(dir, OWNER), "utf8").catch(() => "");
  const [host, pid] = owner.split("\n");
  if (host === hostname() && Number(pid) > 0) return !alive(Number(pid));
  const info = await stat(dir).catch(() => undefined);
  return !!info && Date.now() - info.mtimeMs > DAY_MS;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const KEY = /^[a-z0-9]{16,40}$/;
export const isContentKey = (key: string) => KEY.test(key);

/** Content on a local (or mounted shared) folder: `{root}/{key}/…`, staged as `{root}/.staging/{key}/…`; `root` is `{DATA_DIR}/content`. */
export function diskContentStore(root: string): ContentStore {
  const base = resolve(root);
  const staging = join(base, ".staging");
  const checked = (key: string) => {
    if (!isContentKey(key)) throw new Error(`invalid content key: ${key}`);
    return key;
  };
  return {
    async stage() {
      const key = randomBytes(10).toString("hex");
      const dir = join(staging, key);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, OWNER), `${hostname()}\n${process.pid}\n`);
      return { key, dir };
    },
    async commit(stage) {
      await rm(join(staging, checked(stage.key), OWNER), { force: true });
      await rename(join(staging, checked(stage.key)), join(base, stage.key));
      const now = new Date();
      await utimes(join(base, stage.key), now, now);
    },
    async discard(stage) {
      await rm(join(staging, checked(stage.key)), { recursive: true, force: true });
    },
    async resolve(key, path) {
      return isContentKey(key) ? safeFile(join(base, key), path) : null;
    },
    async remove(key) {
      await rm(join(base, checked(key)), { recursive: true, force: true });
    },
    async keys() {
      const names = (await readdir(base).catch(() => [] as string[])).filter(isContentKey);
      const out: { key: string; at: number }[] = [];
      for (const key of names) {
        const info = await stat(join(base, key)).catch(() => undefined);
        if (info) out.push({ key, at: info.mtimeMs });
      }
      return out;
    },
    async leftovers() {
      const names = (await readdir(staging).catch(() => [] as string[])).filter(isContentKey);
      const left: Stage[] = [];
      for (const key of names) {
        const dir = join(staging, key);
        if (await abandoned(dir)) left.push({ key, dir });
      }
      return left;
    },
  };
}

/** The store the gateway and the operator's commands share: `{DATA_DIR}/content`. */
export const contentStoreOf = (dataDir: string) => diskContentStore(join(dataDir, "content"));
