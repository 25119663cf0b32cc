import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { home } from "#gateway/api/index.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { uploadConfigOf, uploadVideo, videoUploadSign, type UploadConfig } from "#gateway/uploads.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// Chunks in any order within a window (decision 047, docs/protocol.md §6). No database involved.
let gw: TestGateway;
let config: UploadConfig;
beforeAll(async () => {
  gw = await startTestGateway();
  config = uploadConfigOf(await testClient(gw.url).send(home.getConfig, undefined))!;
});
afterAll(() => gw?.close());

const KB = 1024;
const MB = 1024 * KB;

function fakeVideo(size: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8) + seed * 7) & 0xff;
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d], 0); // ....ftypisom
  return bytes;
}

interface Answer {
  code: number;
  msg: string;
  data?: { offset: number; size: number; ranges: [number, number][]; ahead: number };
}

/** One raw request to the upload address, as a hostile or an old client would send it. */
function raw(uuid: string, size: number) {
  const send = async (fields: Record<string, string>, bytes?: Uint8Array<ArrayBuffer>): Promise<Answer & { http: number }> => {
    const ts = String(Math.floor(Date.now() / 1000));
    const form = new FormData();
    for (const [k, v] of Object.entries({ uuid, timestamp: ts, sign: videoUploadSign(uuid, ts, config.uploadKey, nodeCrypto), name: "x.mp4", size: String(size), ...fields })) form.append(k, v);
    if (bytes) form.append("video", new Blob([bytes]), "x.mp4");
    const res = await fetch(config.videoUploadUrl, { method: "POST", body: form });
    return { ...((await res.json()) as Answer), http: res.status };
  };
  return {
    status: () => send({ action: "status" }),
    chunk: (offset: number, bytes: Uint8Array<ArrayBuffer>, extra: Record<string, string> = {}) => send({ action: "chunk", offset: String(offset), ...extra }, bytes),
  };
}

const stored = async (path: string) => Buffer.from(await (await fetch(`${gw.url}${path}`)).arrayBuffer());
const part = (uuid: string) => join(gw.dataDir, "uploads/tmp", `${uuid}.part`);

describe("video upload, chunks in any order", () => {
  it("takes chunks backwards and repeated, answers what it holds, and stores a byte-identical file", async () => {
    const video = fakeVideo(5 * 64 * KB + 123);
    const up = raw("anyorder01", video.length);
    const at = (i: number) => video.subarray(i * 64 * KB, Math.min((i + 1) * 64 * KB, video.length));
    expect(await up.status()).toMatchObject({ code: 1, msg: "", data: { offset: 0, size: video.length, ranges: [], ahead: 16 * MB } });
    expect(await up.chunk(5 * 64 * KB, at(5))).toMatchObject({ code: 1, msg: "", data: { offset: 0, ranges: [[5 * 64 * KB, video.length]] } });
    expect(await up.chunk(3 * 64 * KB, at(3))).toMatchObject({ code: 1, data: { offset: 0, ranges: [[3 * 64 * KB, 4 * 64 * KB], [5 * 64 * KB, video.length]] } });
    // A repeat is acknowledged and changes nothing.
    expect(await up.chunk(3 * 64 * KB, at(3))).toMatchObject({ code: 1, data: { offset: 0, ranges: [[3 * 64 * KB, 4 * 64 * KB], [5 * 64 * KB, video.length]] } });
    expect(await up.chunk(0, at(0))).toMatchObject({ code: 1, data: { offset: 64 * KB } });
    // The status tells a resuming client every range, and the bytes held from the start for an older one.
    expect(await up.status()).toMatchObject({ code: 1, msg: "", data: { offset: 64 * KB, ranges: [[0, 64 * KB], [3 * 64 * KB, 4 * 64 * KB], [5 * 64 * KB, video.length]] } });
    expect(await up.chunk(2 * 64 * KB, at(2))).toMatchObject({ code: 1, msg: "", data: { offset: 64 * KB } });
    expect(await up.chunk(4 * 64 * KB, at(4))).toMatchObject({ code: 1, msg: "", data: { offset: 64 * KB, ranges: [[0, 64 * KB], [2 * 64 * KB, video.length]] } });
    const done = await up.chunk(64 * KB, at(1));
    expect(done).toMatchObject({ code: 1, msg: expect.stringMatching(/^\/uploads\/videos\/\d{6}\/[0-9a-f]{24}\.mp4$/), data: { offset: video.length, size: video.length } });
    expect((await stored(done.msg)).equals(Buffer.from(video))).toBe(true);
    // After completion any chunk or status answers the path; nothing is stored twice.
    expect(await up.chunk(0, at(0))).toMatchObject({ code: 1, msg: done.msg });
    expect(await up.status()).toMatchObject({ code: 1, msg: done.msg, data: { offset: video.length } });
    expect(existsSync(part("anyorder01"))).toBe(false);
  });

  it("writes an overlapping chunk only into its gaps: held bytes never change", async () => {
    const video = fakeVideo(3000);
    const up = raw("overlap001", video.length);
    expect((await up.chunk(0, video.subarray(0, 1000))).code).toBe(1);
    expect((await up.chunk(2000, video.subarray(2000))).code).toBe(1);
    const tampered = new Uint8Array(video.subarray(500, 2500));
    tampered.fill(0, 0, 500); // bytes 500..999 already held: their change is ignored
    tampered.fill(0, 1500); // bytes 2000..2499 too
    const done = await up.chunk(500, tampered);
    expect(done.code).toBe(1);
    expect((await stored(done.msg)).equals(Buffer.from(video))).toBe(true);
  });

  it("refuses a chunk far ahead of the first missing byte, a wrong size, and too scattered chunks, and stays usable", async () => {
    const size = 40 * MB;
    const video = fakeVideo(64 * KB);
    const up = raw("refusals01", size);
    expect(await up.chunk(0, video)).toMatchObject({ code: 1, data: { offset: 64 * KB } });
    // The window is 16 MB past the first missing byte (64 KB here).
    const far = await up.chunk(64 * KB + 16 * MB, video);
    expect(far).toMatchObject({ code: 0, http: 409, msg: expect.stringMatching(/超前太多/) });
    expect((await up.chunk(16 * MB, video)).code).toBe(1); // ends exactly at 64 KB + 16 MB: inside
    // A size unlike the one the upload started with, and a chunk past the end of the file.
    expect(await raw("refusals01", size + 1).chunk(64 * KB, video)).toMatchObject({ code: 0, http: 409, msg: expect.stringMatching(/size/) });
    expect(await up.chunk(size - 100, video)).toMatchObject({ code: 0, msg: expect.stringMatching(/超出文件大小/) });
    // At most 64 separate ranges: a 65th island is refused, filling a gap is not.
    for (let i = 0; i < 62; i++) expect((await up.chunk(128 * KB + i * 128 * KB, video.subarray(0, 1000))).code, `island ${i}`).toBe(1);
    const status = await up.status();
    expect(status.data!.ranges.length).toBe(64);
    expect(await up.chunk(15 * MB, video.subarray(0, 1000))).toMatchObject({ code: 0, http: 409, msg: expect.stringMatching(/太零散/) });
    expect(await up.chunk(64 * KB, video)).toMatchObject({ code: 1, data: { offset: 128 * KB + 1000 } });
    // The part never grew past the window.
    expect(statSync(part("refusals01")).size).toBeLessThanOrEqual(64 * KB + 16 * MB);
  });

  it("reads a multipart body by itself: a quoted boundary works, broken bodies get a clear error", async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const uuid = "multipart1";
    const fields = { uuid, timestamp: ts, sign: videoUploadSign(uuid, ts, config.uploadKey, nodeCrypto), name: "x.mp4", size: "2000", action: "chunk", offset: "0" };
    const video = fakeVideo(2000);
    const part = (name: string, value: string, filename?: string) =>
      `--b-1\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ""}\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(`preamble\r\n${Object.entries(fields).map(([k, v]) => part(k, v)).join("")}`),
      Buffer.from('--b-1\r\nContent-Disposition: form-data; name="video"; filename="x.mp4"\r\n\r\n'),
      video,
      Buffer.from("\r\n--b-1--\r\n"),
    ]);
    const post = async (b: Buffer, type = 'multipart/form-data; boundary="b-1"') => (await fetch(config.videoUploadUrl, { method: "POST", body: new Uint8Array(b), headers: { "content-type": type } })).json();
    const done = await post(body);
    expect(done).toMatchObject({ code: 1, msg: expect.stringMatching(/^\/uploads\/videos\//) });
    expect((await stored(done.msg)).equals(Buffer.from(video))).toBe(true);
    for (const broken of [body.subarray(0, body.length - 40), Buffer.from(part("uuid", uuid).replace("\r\n\r\n", "\r\n")), Buffer.from("no parts at all")]) {
      expect(await post(broken)).toMatchObject({ code: 0, msg: expect.stringMatching(/请求格式错误|uuid 无效/) });
    }
    expect(await post(body, "text/plain")).toMatchObject({ code: 0, msg: "请求格式错误：需要 multipart/form-data" });
  });

  it("caps a streamed chunk without a content-length", async () => {
    const { request } = await import("node:http");
    const url = new URL(config.videoUploadUrl);
    const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "transfer-encoding": "chunked", "content-type": "multipart/form-data; boundary=XyZ" } }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c));
        res.on("end", () => done({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", fail);
      req.write('--XyZ\r\ncontent-disposition: form-data; name="video"; filename="a.mp4"\r\n\r\n');
      for (let i = 0; i < 5; i++) req.write(Buffer.alloc(256 * KB, 7));
      req.end("\r\n--XyZ--\r\n");
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 0, msg: "分片不能超过 1 MB" });
    expect((await raw("aftercap01", 10).status()).code).toBe(1);
  });

  it("checks the file type on the first chunk whenever it arrives", async () => {
    const up = raw("typecheck1", 3000);
    const text = new Uint8Array(new TextEncoder().encode("<?php echo 1; ?>".padEnd(1000, " ")));
    expect((await up.chunk(1000, fakeVideo(3000).subarray(1000))).code).toBe(1);
    expect(await up.chunk(0, text)).toMatchObject({ code: 0, msg: expect.stringMatching(/只支持/) });
    expect(await up.status()).toMatchObject({ data: { offset: 0, ranges: [[1000, 3000]] } });
  });

  it("uploads with chunks in parallel, and a parallel upload interrupted resumes to a byte-identical file", async () => {
    const video = fakeVideo(2 * MB + 777, 3);
    const uuid = createHash("md5").update(video).digest("hex");
    const controller = new AbortController();
    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (url, init) => {
      most = Math.max(most, ++inFlight);
      try {
        return await fetch(url, init);
      } finally {
        inFlight--;
      }
    };
    await expect(
      uploadVideo({ config, file: new Blob([video]), fileName: "clip.mp4", uuid, crypto: nodeCrypto, fetch: counting, concurrency: 6, signal: controller.signal, onProgress: (n) => n >= MB && controller.abort() }),
    ).rejects.toMatchObject({ kind: "abort" });
    expect(most).toBe(6);
    const progress: number[] = [];
    const path = await uploadVideo({ config, file: new Blob([video]), fileName: "clip.mp4", uuid, crypto: nodeCrypto, concurrency: 6, onProgress: (n) => progress.push(n) });
    expect(progress[0]).toBeGreaterThanOrEqual(MB - 6 * 64 * KB);
    expect(progress.at(-1)).toBe(video.length);
    expect((await stored(path)).equals(Buffer.from(video))).toBe(true);
    expect(readdirSync(join(gw.dataDir, "uploads/tmp")).filter((f) => f.startsWith(uuid))).toEqual([`${uuid}.json`]); // no part, no record left
  });

  it("sends one chunk at a time to an upload address that does not list ranges", async () => {
    const video = fakeVideo(300 * KB, 5);
    let inFlight = 0;
    let most = 0;
    // An older address: its answers carry only the offset.
    const older: typeof fetch = async (url, init) => {
      most = Math.max(most, ++inFlight);
      try {
        const body = (await (await fetch(url, init)).json()) as Answer;
        if (body.data) body.data = { offset: body.data.offset, size: body.data.size } as Answer["data"];
        return Response.json(body);
      } finally {
        inFlight--;
      }
    };
    const path = await uploadVideo({ config, file: new Blob([video]), fileName: "old.mp4", uuid: "olderaddr1", crypto: nodeCrypto, fetch: older, concurrency: 4 });
    expect(most).toBe(1);
    expect((await stored(path)).equals(Buffer.from(video))).toBe(true);
  });
});
