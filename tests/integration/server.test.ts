import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, home, video } from "#gateway/api/index.ts";
import { configFromEnv } from "#gateway/config.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { encodeRequestBody, sealRequest } from "#gateway/envelope.ts";
import { buildIdentity, createOAuthId } from "#gateway/identity.ts";
import { imageUploadSign, uploadConfigOf, uploadImage, uploadVideo, videoUploadSign, type UploadConfig } from "#gateway/uploads.ts";
import { SEEDED_LISTINGS } from "#server/dating/seed.ts";
import { DEMO, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const keys = configFromEnv({});
const identity = (): Record<string, unknown> => ({ ...buildIdentity({ oauthId: createOAuthId() }) });

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${gw.url}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
}

let phoneSeq = 13900000000;
const newPhone = () => String(phoneSeq++);

describe("accounts", () => {
  it("registers a guest device, logs in and reads the full profile", async () => {
    const device = testClient(gw.url);
    const guest = await device.send(accounts.userInfo, undefined);
    expect(guest).toMatchObject({ is_reg: 0, phone: "", token: "", can_watch: 3, tui_coins: "0.00", total_tui_coins: "0.00" });

    const phone = newPhone();
    const reg = await device.send(accounts.register, { phone, password: "secret123" });
    expect(reg.token).toMatch(/^[0-9a-f]{64}$/);
    expect(reg.uuid).toBe(guest.uuid); // the guest was upgraded, not replaced

    const login = await testClient(gw.url).send(accounts.loginByPassword, { phone, password: "secret123" });
    expect(login.uuid).toBe(guest.uuid);
    const member = testClient(gw.url, { token: login.token });
    const profile = await member.send(accounts.userInfo, undefined);
    for (const field of [
      "aff_code", "auth_level", "auth_status", "avatar_url", "can_watch", "coins", "coins_total", "consumption",
      "fans_count", "followed_count", "invite_by_code", "is_attention", "is_recommend", "is_reg", "vip", "vip_expires_at", "level",
      "likes_count", "live_count", "token", "total_tui_coins", "tui_coins", "uuid", "username", "phone",
      "aff_url_copy", "uid", "share_url",
    ]) {
      expect(profile, field).toHaveProperty(field);
    }
    expect(profile).toMatchObject({ is_reg: 1, phone, token: login.token });
    expect(profile.share_url).toBe(`${gw.url}/?aff_code=${profile.aff_code}`);
  });

  it("records the inviter's aff_code at register", async () => {
    const inviter = testClient(gw.url);
    const code = (await inviter.send(accounts.userInfo, undefined)).aff_code;
    const invited = testClient(gw.url);
    const reg = await invited.send(accounts.register, { phone: newPhone(), password: "secret123", aff_code: code });
    invited.state.token = reg.token;
    expect((await invited.send(accounts.userInfo, undefined)).invite_by_code).toBe(code);
  });

  it("logs in the demo member with coins", async () => {
    const login = await testClient(gw.url).send(accounts.loginByPassword, DEMO);
    const profile = await testClient(gw.url, { token: login.token }).send(accounts.userInfo, undefined);
    expect(profile).toMatchObject({ username: "演示会员", coins: 1000, vip: 1, level: 3 });
  });

  it("refuses a wrong password, a duplicate phone and lists every invalid field", async () => {
    const client = testClient(gw.url);
    await expect(client.send(accounts.loginByPassword, { phone: DEMO.phone, password: "nope-nope" })).rejects.toMatchObject({
      message: "手机号或密码错误",
    });
    await expect(client.send(accounts.register, { phone: DEMO.phone, password: "secret123" })).rejects.toMatchObject({
      message: "该手机号已注册，请直接登录",
    });
    const outcome = await client.request("/api/Home/register", { phone: "12", password: "1" });
    expect(outcome.status).toBe(400);
    expect(outcome.msg).toContain("请输入正确的手机号");
    expect(outcome.msg).toContain("密码长度为6-32位");
    expect(outcome.signValid).toBe(true);
  });

  it("updates the profile and changes the password, revoking other sessions", async () => {
    const phone = newPhone();
    const reg = await testClient(gw.url).send(accounts.register, { phone, password: "first-pass" });
    const other = await testClient(gw.url).send(accounts.loginByPassword, { phone, password: "first-pass" });
    const me = testClient(gw.url, { token: reg.token });

    const updated = await me.send(accounts.updateInfo, { nickname: "新昵称", intro: "你好", gender: 2, birthday: "1990-05-01" });
    expect(updated).toMatchObject({ nickname: "新昵称", intro: "你好", gender: 2, birthday: "1990-05-01" });
    for (const day of ["2021-02-30", "1800-01-01", "2999-01-01"]) expect((await me.request("/api/user/updateInfo", { birthday: day })).msg).toBe("生日无效");
    // No avatar given: the default one.
    expect((await me.send(accounts.updateInfo, { avatar_url: "/uploads/images/202601/a.png" })).avatar_url).toBe("/uploads/images/202601/a.png");
    expect((await me.send(accounts.updateInfo, { avatar_url: "" })).avatar_url).toBe("");
    const bad = await me.request("/api/user/updateInfo", { nickname: "x".repeat(21), birthday: "soon" });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/昵称.*生日/);

    await expect(me.send(accounts.updatePwd, { old_password: "wrong-pass", new_password: "second-pass" })).rejects.toMatchObject({ message: "原密码错误" });
    await me.send(accounts.updatePwd, { old_password: "first-pass", new_password: "second-pass" });
    await expect(testClient(gw.url).send(accounts.loginByPassword, { phone, password: "first-pass" })).rejects.toThrow("手机号或密码错误");
    const again = await testClient(gw.url).send(accounts.loginByPassword, { phone, password: "second-pass" });
    expect(again.token).toMatch(/^[0-9a-f]{64}$/);
    expect((await me.send(accounts.userInfo, undefined)).phone).toBe(phone); // the changing session lives on
    const revoked = await testClient(gw.url, { token: other.token }).request("/api/user/userinfo");
    expect(revoked.status).toBe(420);
  });

  it("answers 420 to member calls without a live token", async () => {
    const guest = await testClient(gw.url).request("/api/user/updateInfo", { nickname: "x" });
    expect(guest).toMatchObject({ status: 420, msg: "请先登录" });
    const unknown = await testClient(gw.url, { token: "f".repeat(64) }).request("/api/user/userinfo");
    expect(unknown).toMatchObject({ status: 420, msg: "登录已失效，请重新登录" });
    const garbage = await testClient(gw.url, { token: "not-a-token" }).request("/api/user/updatePwd", {});
    expect(garbage.status).toBe(420);
  });

  it("answers 420 to a token past its expiry", async () => {
    const phone = newPhone();
    const { token } = await testClient(gw.url).send(accounts.register, { phone, password: "expire-me" });
    const member = testClient(gw.url, { token });
    expect((await member.send(accounts.userInfo, undefined)).phone).toBe(phone);
    // Age the session in the live database (WAL lets a second connection write beside the server).
    const db = gw.openDb();
    const hash = createHash("sha256").update(token).digest("hex");
    expect(await db.run("UPDATE sessions SET expires_at = ? WHERE token_hash = ?", [Date.now() - 1000, hash])).toBe(1);
    await db.close();
    expect(await member.request("/api/user/userinfo")).toMatchObject({ status: 420, msg: "登录已失效，请重新登录" });
  });

  it("refuses avatar addresses that are not paths or http(s)", async () => {
    const { token } = await testClient(gw.url).send(accounts.register, { phone: newPhone(), password: "avatar-ok" });
    const me = testClient(gw.url, { token });
    const bad = await me.request("/api/user/updateInfo", { avatar_url: "javascript:alert(1)", gender: 7 });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe("头像地址应为上传的图片或 http(s) 地址，且不含引号、尖括号、空白和反斜杠；性别取值为 0、1、2");
    expect((await me.send(accounts.updateInfo, { avatar_url: "/uploads/images/202601/a.png" })).avatar_url).toBe("/uploads/images/202601/a.png");
  });

  it("words input errors in Chinese, every problem at once and each once", async () => {
    const c = testClient(gw.url);
    const bad = await c.request("/api/mv/list", { section: 7, sort: "x".repeat(21), page: 1e20, limit: 100 });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe("分区无效；排序方式无效；page 应为正整数；limit 应为 1–50 的整数");
    expect((await c.request("/api/system/getad", {})).msg).toBe("缺少广告位");
    // Numbers come as numbers or strings of digits, nothing else: no true as 1, no [2] as 2.
    for (const uid of [true, [2], "2x", 1.5, "1e3", ""]) expect((await c.request("/api/user/following", { uid })).msg).toBe("用户 id无效");
    expect((await c.request("/api/user/following", { uid: " 2 " })).ok).toBe(true);
  });
});

describe("system calls", () => {
  it("serves config with upload addresses for the origin called, under the product's field names", async () => {
    const config = await testClient(gw.url).send(home.getConfig, undefined);
    const raw: Record<string, unknown> = { ...config };
    expect(raw).toMatchObject({
      img_upload_url: `${gw.url}/imgUpload.php`,
      upload_img_key: expect.stringMatching(/./),
      videoUploadUrl: `${gw.url}/videoUpload.php`,
      uploadKey: expect.stringMatching(/./),
      img_domain: gw.url,
    });
    // The names of before are gone, not kept beside: a client reads one name per setting.
    for (const old of ["upload", "img_key", "video_upload_url", "video_key"]) expect(raw, old).not.toHaveProperty(old);
    expect(Object.keys(config.sort_tabs).sort()).toEqual(["aw", "com", "picture", "porn", "post"]);
    expect(config.sort_tabs.porn[0]).toEqual({ sort: "new", name: "最新" });
  });

  it("pages notices and keeps messages per member", async () => {
    const client = testClient(gw.url);
    const first = await client.send(accounts.notice, { page: 1, limit: 20 });
    expect(first.list).toHaveLength(20);
    expect(first.has_more).toBe(true);
    const second = await client.send(accounts.notice, { page: 2, limit: 20 });
    expect(second.list.length).toBe(first.total - 20);
    expect(second.has_more).toBe(false);
    expect(new Set([...first.list, ...second.list].map((n) => n.id)).size).toBe(first.total);
    expect((await client.send(accounts.getMsg, {})).list).toEqual([]);
    const login = await client.send(accounts.loginByPassword, DEMO);
    client.state.token = login.token;
    const unread = (await client.send(accounts.userInfo, undefined)).msg_unread ?? 0;
    expect(unread).toBeGreaterThan(0);
    const messages = await client.send(accounts.getMsg, {});
    expect(messages.list.length).toBeGreaterThan(unread);
    // A shown page is read, in the answer that shows it as in the count: nothing says 未读 once the badge is 0.
    // is_new says which that answer marked, once.
    expect(messages.list.map((m) => m.is_read)).toEqual(messages.list.map(() => 1));
    expect(messages.list.filter((m) => m.is_new).length).toBe(unread);
    expect((await client.send(accounts.userInfo, undefined)).msg_unread).toBe(0);
    expect((await client.send(accounts.getMsg, {})).list.map((m) => [m.id, m.is_read, m.is_new])).toEqual(messages.list.map((m) => [m.id, 1, 0]));
    const db = gw.openDb();
    try {
      expect(Number(await db.value("SELECT COUNT(*) FROM messages m JOIN users u ON u.id = m.user_id WHERE u.phone = ? AND m.is_read = 0", [DEMO.phone]))).toBe(0);
    } finally {
      await db.close();
    }
    const types = await client.send(video.reportType, undefined);
    expect(types.length).toBeGreaterThan(3);
    const open = await client.send(home.getOpenAdsAndVersion, undefined);
    expect(open.version.version).toBe("6.2.0");
  });

  it("seeds texts that read naturally: no doubled words, no numbered copies of names, no repeated sentences", async () => {
    const db = gw.openDb();
    try {
      const texts = [
        ...(await db.all<{ t: string }>("SELECT title AS t FROM notices")),
        ...(await db.all<{ t: string }>("SELECT content AS t FROM notices")),
        ...(await db.all<{ t: string }>("SELECT title AS t FROM items")),
        ...(await db.all<{ t: string }>("SELECT description AS t FROM items WHERE kind IN ('picture', 'game', 'headline', 'dating')")),
      ].map((r) => r.t);
      expect(texts.length).toBeGreaterThan(1000);
      // 活动公告公告, 老街老街观察: a word written twice in a row.
      expect(texts.filter((t) => /(\p{Script=Han}{2,})\1/u.test(t))).toEqual([]);
      const names = (await db.all<{ title: string }>("SELECT title FROM items WHERE kind = 'dating'")).map((r) => r.title);
      expect(names).toHaveLength(SEEDED_LISTINGS);
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((n) => /\d/.test(n))).toEqual([]);
      const headlines = (await db.all<{ d: string }>("SELECT description AS d FROM items WHERE kind = 'headline'")).map((r) => r.d.split("。").filter(Boolean));
      expect(headlines.length).toBeGreaterThan(0);
      expect(headlines.filter((s) => new Set(s).size !== s.length)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("matches paths case-insensitively", async () => {
    const client = testClient(gw.url);
    const a = await client.call("/api/MvDetail/reportType");
    expect(await client.call("/api/mvdetail/reportType")).toEqual(a);
    expect(await client.call("/api/MVDETAIL/REPORTTYPE")).toEqual(a);
  });
});

describe("bad input", () => {
  const good = () => encodeRequestBody(sealRequest(identity(), keys, nodeCrypto));

  it("rejects a bad sign, a stale timestamp, a malformed body, non-hex data and a huge body, and keeps serving", async () => {
    const env = sealRequest(identity(), keys, nodeCrypto);
    const badSign = await post("/api/user/userinfo", encodeRequestBody({ ...env, sign: "0".repeat(32) }));
    expect(badSign.status).toBe(401);
    expect(await badSign.json()).toMatchObject({ errcode: 1002, msg: "bad sign", data: "" });

    const stale = sealRequest(identity(), keys, nodeCrypto, Math.floor(Date.now() / 1000) - 301);
    const staleRes = await post("/api/user/userinfo", encodeRequestBody(stale));
    expect(staleRes.status).toBe(401);
    expect((await staleRes.json()).errcode).toBe(1003);

    const malformed = await post("/api/user/userinfo", "client=pwa&data=abc");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).msg).toMatch(/missing sign, timestamp/);

    const notHex = await post("/api/user/userinfo", encodeRequestBody({ ...env, data: "ZZZZ" }));
    expect(notHex.status).toBe(400);

    const huge = await post("/api/user/userinfo", `data=${"A".repeat(2 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
    expect((await huge.json()).errcode).toBe(1004);

    const wrongSecret = sealRequest(identity(), { ...keys, signSecret: "someone-else" }, nodeCrypto);
    expect((await post("/api/user/userinfo", encodeRequestBody(wrongSecret))).status).toBe(401);

    // A JSON array or garbage inside a correctly signed envelope.
    const array = { ...env, data: nodeCrypto.encrypt("[1,2]", keys.aesKey, keys.aesIv) };
    const arraySigned = sealRequest({}, keys, nodeCrypto);
    const forged = { ...array, sign: nodeCrypto.md5Hex(nodeCrypto.sha256Hex(`client=pwa&data=${array.data}&timestamp=${arraySigned.timestamp}` + keys.signSecret)), timestamp: arraySigned.timestamp };
    expect((await post("/api/user/userinfo", encodeRequestBody(forged))).status).toBe(400);

    const next = await post("/api/user/userinfo", good());
    expect(next.status).toBe(200);
  });

  it("stops reading a streamed body past the limit, without a content-length to trust", async () => {
    const { request } = await import("node:http");
    const url = new URL(`${gw.url}/api/user/userinfo`);
    const status = await new Promise<number>((done, fail) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "transfer-encoding": "chunked" } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on("error", fail);
      const chunk = "A".repeat(64 * 1024);
      for (let i = 0; i < 20; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
    expect((await post("/api/user/userinfo", good())).status).toBe(200);
  });

  it("answers an unknown API path with 404 JSON", async () => {
    const res = await post("/api/does/not/exist", good());
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errcode: 404, msg: "not found: /api/does/not/exist" });
  });

  it("answers ping with the nonce", async () => {
    const res = await post("/?ping", "mod=ping&code=n0nce");
    expect(await res.json()).toMatchObject({ code: "n0nce", msg: "pong" });
  });
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000100" + "05fe02fea70000000049454e44ae426082",
  "hex",
);

async function uploadConfig(): Promise<UploadConfig> {
  return uploadConfigOf(await testClient(gw.url).send(home.getConfig, undefined))!;
}

describe("image upload", () => {
  it("stores an image under a server-made name and serves it back", async () => {
    const config = await uploadConfig();
    const path = await uploadImage({ config, file: new Blob([PNG]), fileName: "../../etc/passwd.png", crypto: nodeCrypto });
    expect(path).toMatch(new RegExp(`^${gw.url}/uploads/images/\\d{6}/[0-9a-f]{24}\\.png$`));
    const back = Buffer.from(await (await fetch(path)).arrayBuffer());
    expect(back.equals(PNG)).toBe(true);
    expect(readdirSync(join(gw.dataDir, "uploads/images")).length).toBe(1);
  });

  it("refuses a bad sign, a non-image and a file over 5 MB", async () => {
    const config = await uploadConfig();
    await expect(uploadImage({ config: { ...config, upload_img_key: "wrong" }, file: new Blob([PNG]), fileName: "a.png", crypto: nodeCrypto })).rejects.toThrow("签名错误");
    await expect(uploadImage({ config, file: new Blob(["<?php echo 1;"]), fileName: "a.png", crypto: nodeCrypto })).rejects.toThrow(/只支持/);
    const big = new Uint8Array(new ArrayBuffer(5 * 1024 * 1024 + 1));
    big.set(PNG);
    await expect(uploadImage({ config, file: new Blob([big]), fileName: "a.png", crypto: nodeCrypto })).rejects.toThrow(/5 MB/);
    const form = new FormData();
    form.append("id", "1");
    const res = await fetch(config.img_upload_url, { method: "POST", body: form });
    expect(await res.json()).toMatchObject({ code: 0, msg: expect.stringContaining("缺少文件 file") });
    expect(imageUploadSign("1", "head", "k", nodeCrypto)).toBe(nodeCrypto.md5Hex("id=1&position=headk"));
  });
  it("caps a streamed upload without a content-length", async () => {
    const { request } = await import("node:http");
    const url = new URL(`${gw.url}/imgUpload.php`);
    const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "transfer-encoding": "chunked", "content-type": "multipart/form-data; boundary=XyZ" } },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c));
          res.on("end", () => done({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", fail);
      req.write('--XyZ\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n');
      const chunk = Buffer.alloc(256 * 1024, 7);
      for (let i = 0; i < 24; i++) req.write(chunk);
      req.end("\r\n--XyZ--\r\n");
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 0, msg: "图片不能超过 5 MB" });
    expect((await testClient(gw.url).request("/api/MvDetail/reportType")).ok).toBe(true);
  });
});

function fakeVideo(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d], 0); // ....ftypisom
  return bytes;
}

describe("video upload", () => {
  it("resumes an interrupted upload to a byte-identical file", async () => {
    const config = await uploadConfig();
    const video = fakeVideo(300_000);
    const uuid = createHash("md5").update(video).digest("hex");
    const controller = new AbortController();
    let sent = 0;
    await expect(
      uploadVideo({
        config, file: new Blob([video]), fileName: "clip.mp4", uuid, crypto: nodeCrypto, signal: controller.signal,
        onProgress: (n) => {
          sent = n;
          if (n >= 128 * 1024) controller.abort();
        },
      }),
    ).rejects.toMatchObject({ kind: "abort" });
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(video.length);
    // The partial upload is held but never served, however its path is spelled.
    expect(existsSync(join(gw.dataDir, "uploads/tmp", `${uuid}.part`))).toBe(true);
    for (const p of [`/uploads/tmp/${uuid}.part`, `/uploads/videos/..%2ftmp%2f${uuid}.part`, `/uploads/tmp/${uuid}.json`]) {
      expect((await fetch(`${gw.url}${p}`)).status, p).toBe(404);
      expect((await fetch(`${gw.url}${p}`, { method: "HEAD" })).status, p).toBe(404);
    }

    const progress: number[] = [];
    const path = await uploadVideo({ config, file: new Blob([video]), fileName: "clip.mp4", uuid, crypto: nodeCrypto, onProgress: (n) => progress.push(n) });
    expect(progress[0]).toBeGreaterThanOrEqual(128 * 1024); // resumed, not restarted
    expect(path).toMatch(/^\/uploads\/videos\/\d{6}\/[0-9a-f]{24}\.mp4$/);
    const back = Buffer.from(await (await fetch(`${gw.url}${path}`)).arrayBuffer());
    expect(back.equals(Buffer.from(video))).toBe(true);
    // Asking again for a finished upload answers its path without storing it twice.
    expect(await uploadVideo({ config, file: new Blob([video]), fileName: "clip.mp4", uuid, crypto: nodeCrypto })).toBe(path);
  });

  it("acknowledges a repeated chunk without appending it, takes one ahead, and refuses non-videos", async () => {
    const config = await uploadConfig();
    const uuid = "retrytest01";
    const ts = String(Math.floor(Date.now() / 1000));
    const chunk = async (offset: number, bytes: Uint8Array<ArrayBuffer>, size = 1000) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ uuid, timestamp: ts, sign: videoUploadSign(uuid, ts, config.uploadKey, nodeCrypto), name: "x.mp4", size: String(size), action: "chunk", offset: String(offset) })) form.append(k, v);
      form.append("video", new Blob([bytes]), "x.mp4");
      return (await fetch(config.videoUploadUrl, { method: "POST", body: form })).json();
    };
    const video = fakeVideo(1000);
    expect(await chunk(0, video.subarray(0, 400))).toMatchObject({ code: 1, data: { offset: 400 } });
    expect(await chunk(0, video.subarray(0, 400))).toMatchObject({ code: 1, data: { offset: 400 } });
    // Out of order is fine since decision 047 (tests/integration/video-upload.test.ts has the rest).
    expect(await chunk(800, video.subarray(800))).toMatchObject({ code: 1, data: { offset: 400 } });
    const done = await chunk(400, video.subarray(400));
    expect(done.code).toBe(1);
    const back = Buffer.from(await (await fetch(`${gw.url}${done.msg}`)).arrayBuffer());
    expect(back.equals(Buffer.from(video))).toBe(true);
    const other = "notavideo01";
    const form = new FormData();
    for (const [k, v] of Object.entries({ uuid: other, timestamp: ts, sign: videoUploadSign(other, ts, config.uploadKey, nodeCrypto), size: "5", action: "chunk", offset: "0" })) form.append(k, v);
    form.append("video", new Blob(["hello"]), "../../x.sh");
    expect(await (await fetch(config.videoUploadUrl, { method: "POST", body: form })).json()).toMatchObject({ code: 0, msg: expect.stringMatching(/只支持/) });
  });
});

describe("persistence and serving", () => {
  it("keeps accounts across a restart on the same data folder", async () => {
    const phone = newPhone();
    const device = testClient(gw.url);
    await device.send(accounts.register, { phone, password: "persist-1" });
    await gw.stop();
    await gw.restart();
    const login = await testClient(gw.url).send(accounts.loginByPassword, { phone, password: "persist-1" });
    expect(login.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it("compresses large text answers", async () => {
    const res = await fetch(`${gw.url}/media/placeholder/x.svg?w=800&h=600&label=${"A".repeat(20)}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    const list = await post("/api/system/notice", encodeRequestBody(sealRequest({ ...identity(), limit: 50 }, keys, nodeCrypto)));
    expect(list.headers.get("content-encoding")).toBe("gzip");
  });

  it("refuses paths that escape the uploads folder", async () => {
    for (const p of ["/uploads/..%2f..%2fgateway.sqlite", "/uploads/tmp/retrytest01.json", "/uploads/images/..%2ftmp%2fretrytest01.json", "/uploads/%00"]) {
      const res = await fetch(`${gw.url}${p}`);
      expect(res.status, p).toBe(404);
    }
  });
});
