/**
 * The primitives the protocol needs. Two implementations produce byte-identical output:
 * `crypto-node.ts` (node:crypto, for the CLI and the server) and `crypto-js.ts` (crypto-js, for the browser).
 * Keys and IVs are 16-byte strings taken as UTF-8; text is UTF-8.
 */
export interface CryptoBackend {
  readonly name: string;
  /** AES-128-CFB with 128-bit segments, no padding; returns upper-case hex. */
  encrypt(plain: string, key: string, iv: string): string;
  /** Inverse of `encrypt`; accepts hex of either case. */
  decrypt(hex: string, key: string, iv: string): string;
  encryptBytes(plain: Uint8Array, key: string, iv: string): Uint8Array;
  decryptBytes(cipher: Uint8Array, key: string, iv: string): Uint8Array;
  sha256Hex(text: string): string;
  md5Hex(text: string): string;
}

/** Even-length hex. NOTE: a plain loop; regular expressions took over 1 ms on a 200 KB response here. */
export function isHex(value: string): boolean {
  if (value.length % 2 !== 0) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // 0-9, A-F, a-f
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

export function bytesToHex(bytes: Uint8Array, upper = false): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += bytes[i]!.toString(16).padStart(2, "0");
  return upper ? out.toUpperCase() : out;
}

export function hexToBytes(hex: string): Uint8Array {
  if (!isHex(hex)) throw new TypeError("not a hex string");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
  return out;
}
