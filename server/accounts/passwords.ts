import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 32;
// N=2^14 keeps a login under ~50 ms on these machines while staying well above brute-force comfort.
const PARAMS = { N: 16384, r: 8, p: 1 };

// NOTE: the async scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default) instead of stopping every
// other call on the event loop. At most all but two of its threads hash at once: file reads (the app, uploads) and
// zlib share the pool, and must not queue behind a burst of logins (decision 027).
const MAX_CONCURRENT_HASHES = Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2);
let hashing = 0;
const waiting: (() => void)[] = [];

async function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  if (hashing < MAX_CONCURRENT_HASHES) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await new Promise<Buffer>((resolve, reject) => scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));
  } finally {
    // The slot passes to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

const encode = (salt: Buffer, hash: Buffer) => `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("hex")}$${hash.toString("hex")}`;

/** `scrypt$N$r$p$salt$hash`, hex. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await scryptAsync(password, salt, KEY_LENGTH, PARAMS));
}

/** The same, blocking: only for seeding at start-up, before the server listens. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(password, salt, KEY_LENGTH, PARAMS));
}

// What a login for an unknown phone (or an account without a password) is checked against: it costs the same
// scrypt as a real one, so the time of the answer does not tell which phones are registered. Nothing matches it.
const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${"00".repeat(16)}$${"00".repeat(KEY_LENGTH)}`;

/** Whether `password` is the one behind `stored`; always runs one scrypt, also when there is nothing stored. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored);
  const [salt, expected, options] = parsed ?? parseHash(DUMMY_HASH)!;
  const actual = await scryptAsync(password, salt, expected.length, options);
  return parsed !== undefined && timingSafeEqual(actual, expected);
}

function parseHash(stored: string | null | undefined): [Buffer, Buffer, ScryptOptions] | undefined {
  const [scheme, n, r, p, saltHex, hashHex] = (stored ?? "").split("$");
  if (scheme !== "scrypt" || !saltHex || !hashHex) return undefined;
  return [Buffer.from(saltHex, "hex"), Buffer.from(hashHex, "hex"), { N: Number(n), r: Number(r), p: Number(p) }];
}
