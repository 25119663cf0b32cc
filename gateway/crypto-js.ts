import AES from "crypto-js/aes";
import Hex from "crypto-js/enc-hex";
import Utf8 from "crypto-js/enc-utf8";
import WordArray from "crypto-js/lib-typedarrays";
import MD5 from "crypto-js/md5";
import CFB from "crypto-js/mode-cfb";
import NoPadding from "crypto-js/pad-nopadding";
import SHA256 from "crypto-js/sha256";
import CryptoJS from "crypto-js/core";
import type { CryptoBackend } from "./crypto.ts";
import { isHex } from "./crypto.ts";

type WA = CryptoJS.lib.WordArray;

function options(iv: string) {
  return { iv: Utf8.parse(iv), mode: CFB, padding: NoPadding };
}

function toWordArray(bytes: Uint8Array): WA {
  return (WordArray as unknown as { create(b: Uint8Array): WA }).create(bytes);
}

function toBytes(wa: WA): Uint8Array {
  const out = new Uint8Array(wa.sigBytes);
  for (let i = 0; i < wa.sigBytes; i++) out[i] = (wa.words[i >>> 2]! >>> (24 - (i % 4) * 8)) & 0xff;
  return out;
}

function encryptWA(plain: WA, key: string, iv: string): WA {
  return AES.encrypt(plain, Utf8.parse(key), options(iv)).ciphertext;
}

function decryptWA(data: WA, key: string, iv: string): WA {
  const params = CryptoJS.lib.CipherParams.create({ ciphertext: data });
  return AES.decrypt(params, Utf8.parse(key), options(iv));
}

/** crypto-js backend: runs anywhere, used in the browser. Byte-identical to `nodeCrypto`. */
export const jsCrypto: CryptoBackend = {
  name: "crypto-js",
  encrypt: (plain, key, iv) => encryptWA(Utf8.parse(plain), key, iv).toString(Hex).toUpperCase(),
  decrypt(hex, key, iv) {
    if (!isHex(hex)) throw new TypeError("data is not hex");
    return decryptWA(Hex.parse(hex), key, iv).toString(Utf8);
  },
  encryptBytes: (plain, key, iv) => toBytes(encryptWA(toWordArray(plain), key, iv)),
  decryptBytes: (data, key, iv) => toBytes(decryptWA(toWordArray(data), key, iv)),
  sha256Hex: (text) => SHA256(text).toString(Hex),
  md5Hex: (text) => MD5(text).toString(Hex),
};
