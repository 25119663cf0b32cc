import { createCipheriv, createDecipheriv, hash } from "node:crypto";
import type { CryptoBackend } from "./crypto.ts";

function cipher(key: string, iv: string) {
  return createCipheriv("aes-128-cfb", Buffer.from(key, "utf8"), Buffer.from(iv, "utf8"));
}
function decipher(key: string, iv: string) {
  return createDecipheriv("aes-128-cfb", Buffer.from(key, "utf8"), Buffer.from(iv, "utf8"));
}

/** node:crypto backend: the fast path for the CLI and the server. */
export const nodeCrypto: CryptoBackend = {
  name: "node:crypto",
  encrypt(plain, key, iv) {
    const c = cipher(key, iv);
    return Buffer.concat([c.update(plain, "utf8"), c.final()]).toString("hex").toUpperCase();
  },
  decrypt(hex, key, iv) {
    // Node's hex decoder stops at the first invalid pair, so a short buffer means the input was not hex.
    const data = Buffer.from(hex, "hex");
    if (data.length * 2 !== hex.length) throw new TypeError("data is not hex");
    const d = decipher(key, iv);
    return Buffer.concat([d.update(data), d.final()]).toString("utf8");
  },
  encryptBytes(plain, key, iv) {
    const c = cipher(key, iv);
    return new Uint8Array(Buffer.concat([c.update(plain), c.final()]));
  },
  decryptBytes(data, key, iv) {
    const d = decipher(key, iv);
    return new Uint8Array(Buffer.concat([d.update(data), d.final()]));
  },
  // One-shot hash() (Node 20.12+) skips the Hash object, which otherwise dominates the cost of a sign.
  sha256Hex: (text) => hash("sha256", text, "hex"),
  md5Hex: (text) => hash("md5", text, "hex"),
};
