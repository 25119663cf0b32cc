import { describe, expect, it } from "vitest";
import { jsCrypto } from "./crypto-js.ts";
import { nodeCrypto } from "./crypto-node.ts";
import {
  canonicalString,
  computeSign,
  encodeRequestBody,
  EnvelopeError,
  openRequest,
  openResponse,
  parseRequestBody,
  sealRequest,
  sealResponse,
  verifyResponse,
} from "./envelope.ts";

// The vectors of docs/protocol.md, section "Test vectors".
const keys = { aesKey: "0123456789abcdef", aesIv: "fedcba9876543210", signSecret: "test-secret" };
const TS = 1700000000;
const REQUEST_FIELDS = { hello: "世界", n: 1 };
const REQUEST_DATA = "7069BE149A1C102B821A276E5CFBFFB12499661F3A971B47";
const REQUEST_SIGN = "8e86b19e9c0b1ec5aa9f71c5928c7242";
const RESPONSE_PAYLOAD = { status: 200, msg: "ok", data: { a: 1 } };
const RESPONSE_DATA = "7069A50597040A7A9A02F1E6FA3048503200C89B34BF02098997909821195033EA19C2F35440AFEB";
const RESPONSE_SIGN = "1b1a979ec4abc70456852eeccd69d0c0";

describe.each([nodeCrypto, jsCrypto])("protocol vectors with $name", (crypto) => {
  it("seals the request vector exactly", () => {
    expect(sealRequest(REQUEST_FIELDS, keys, crypto, TS)).toEqual({
      client: "pwa",
      sign: REQUEST_SIGN,
      timestamp: String(TS),
      data: REQUEST_DATA,
    });
  });

  it("seals the response vector exactly", () => {
    expect(sealResponse(RESPONSE_PAYLOAD, keys, crypto, 0, TS)).toEqual({
      errcode: 0,
      timestamp: TS,
      data: RESPONSE_DATA,
      sign: RESPONSE_SIGN,
    });
  });

  it("opens what it sealed", () => {
    const env = sealRequest({ a: "ä", list: [1, 2] }, keys, crypto, TS);
    expect(openRequest(parseRequestBody(encodeRequestBody(env)), keys, crypto)).toEqual({ a: "ä", list: [1, 2] });
    const res = sealResponse(RESPONSE_PAYLOAD, keys, crypto);
    expect(verifyResponse(res, keys, crypto)).toBe(true);
    expect(openResponse(res, keys, crypto)).toEqual(RESPONSE_PAYLOAD);
  });

  it("hashes like the standard", () => {
    expect(crypto.sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(crypto.md5Hex("abc")).toBe("900150983cd24fb0d6963f7d28e17f72");
  });

  it("round-trips bytes of every length without padding", () => {
    for (const n of [0, 1, 15, 16, 17, 33, 1000]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37) & 0xff);
      const enc = crypto.encryptBytes(bytes, keys.aesKey, keys.aesIv);
      expect(enc.length).toBe(n);
      expect(Array.from(crypto.decryptBytes(enc, keys.aesKey, keys.aesIv))).toEqual(Array.from(bytes));
    }
  });
});

describe("backends agree", () => {
  it("produces byte-identical ciphertext for a 100 KB body", () => {
    const body = JSON.stringify({ text: "数据".repeat(20_000), n: Array.from({ length: 500 }, (_, i) => i) });
    const a = nodeCrypto.encrypt(body, keys.aesKey, keys.aesIv);
    expect(jsCrypto.encrypt(body, keys.aesKey, keys.aesIv)).toBe(a);
    expect(jsCrypto.decrypt(a, keys.aesKey, keys.aesIv)).toBe(body);
  });
});

describe("sign", () => {
  it("orders the canonical keys alphabetically and skips absent ones", () => {
    expect(canonicalString({ timestamp: 1, data: "AB", client: "pwa" })).toBe("client=pwa&data=AB&timestamp=1");
    expect(canonicalString({ timestamp: 1, errcode: 0, data: "AB" })).toBe("data=AB&errcode=0&timestamp=1");
  });

  it("is md5 of the hex sha256 of canonical + secret", () => {
    const canonical = `client=pwa&data=${REQUEST_DATA}&timestamp=${TS}`;
    expect(computeSign({ client: "pwa", data: REQUEST_DATA, timestamp: TS }, keys.signSecret, nodeCrypto)).toBe(
      nodeCrypto.md5Hex(nodeCrypto.sha256Hex(canonical + keys.signSecret)),
    );
  });

  it("rejects a tampered request, a wrong secret and a stale timestamp", () => {
    const env = sealRequest({ a: 1 }, keys, nodeCrypto, TS);
    const tampered = { ...env, data: env.data.replace(/^./, (c) => (c === "0" ? "1" : "0")) };
    expect(() => openRequest(tampered, keys, nodeCrypto)).toThrow(/bad sign/);
    expect(() => openRequest(env, { ...keys, signSecret: "other" }, nodeCrypto)).toThrow(EnvelopeError);
    expect(() => openRequest(env, keys, nodeCrypto, { maxSkewSeconds: 300, now: TS + 301 })).toThrow(/timestamp/);
    expect(openRequest(env, keys, nodeCrypto, { maxSkewSeconds: 300, now: TS + 300 })).toEqual({ a: 1 });
  });

  it("names what is missing from a malformed body", () => {
    expect(() => parseRequestBody("client=pwa&data=AB")).toThrow("malformed envelope: missing sign, timestamp");
    const env = sealRequest({ a: 1 }, keys, nodeCrypto, TS);
    expect(() => openRequest({ ...env, data: "XYZ" }, keys, nodeCrypto)).toThrow(/not hex/);
    expect(() => openRequest({ ...env, timestamp: "soon" }, keys, nodeCrypto)).toThrow(/timestamp/);
  });

  it("detects a response signed with another secret", () => {
    const res = sealResponse(RESPONSE_PAYLOAD, { ...keys, signSecret: "other" }, nodeCrypto);
    expect(verifyResponse(res, keys, nodeCrypto)).toBe(false);
  });
});
