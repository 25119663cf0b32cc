/**
 * Encrypted images (docs/protocol.md §7): `IV (16 bytes) || AES-128-CBC-PKCS7(image bytes)` with the
 * 16-byte media key. WebCrypto only, so the same code runs in Node 20, the browser and its workers.
 */
export const IMAGE_IV_BYTES = 16;

const keys = new Map<string, Promise<CryptoKey>>();

function importKey(key: string): Promise<CryptoKey> {
  let k = keys.get(key);
  if (!k) {
    const raw = new TextEncoder().encode(key);
    if (raw.length !== 16) return Promise.reject(new Error("media key must be exactly 16 bytes"));
    k = crypto.subtle.importKey("raw", raw, { name: "AES-CBC" }, false, ["encrypt", "decrypt"]);
    keys.set(key, k);
  }
  return k;
}

export async function encryptImage(plain: Uint8Array, key: string, iv: Uint8Array = crypto.getRandomValues(new Uint8Array(IMAGE_IV_BYTES))): Promise<Uint8Array> {
  if (iv.length !== IMAGE_IV_BYTES) throw new Error("iv must be 16 bytes");
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv: iv as BufferSource }, await importKey(key), plain as BufferSource));
  const out = new Uint8Array(IMAGE_IV_BYTES + cipher.length);
  out.set(iv, 0);
  out.set(cipher, IMAGE_IV_BYTES);
  return out;
}

export async function decryptImage(data: ArrayBuffer | Uint8Array, key: string): Promise<Uint8Array> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.length < IMAGE_IV_BYTES * 2 || (bytes.length - IMAGE_IV_BYTES) % 16 !== 0) throw new Error("not an encrypted image");
  const iv = bytes.subarray(0, IMAGE_IV_BYTES);
  const plain = await crypto.subtle.decrypt({ name: "AES-CBC", iv: iv as BufferSource }, await importKey(key), bytes.subarray(IMAGE_IV_BYTES) as BufferSource);
  return new Uint8Array(plain);
}

/** The image type from its first bytes (the encrypted file carries none). */
export function sniffImageType(bytes: Uint8Array): string {
  const b = bytes;
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b[0] === 0xff && b[1] === 0xd8) return "image/jpeg";
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return "image/gif";
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45) return "image/webp";
  const head = new TextDecoder().decode(b.subarray(0, 256)).trimStart();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "image/svg+xml";
  return "application/octet-stream";
}

/** Encrypted images live under `/media/enc/`; anything else (uploaded avatars, blob: URLs) is plain. */
export function isEncryptedImageUrl(url: string): boolean {
  return /^(?:https?:\/\/[^/]+)?\/media\/enc\//.test(url);
}

/** `16X9` → 16/9; anything unparsable → undefined. */
export function parseRatio(ratio: string | undefined): number | undefined {
  const m = ratio?.match(/^(\d+(?:\.\d+)?)\s*[xX:]\s*(\d+(?:\.\d+)?)$/);
  if (!m) return undefined;
  const w = Number(m[1]);
  const h = Number(m[2]);
  return w > 0 && h > 0 ? w / h : undefined;
}
