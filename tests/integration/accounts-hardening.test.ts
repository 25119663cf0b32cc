import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, home } from "#gateway/api/index.ts";
import { GatewayClient } from "#gateway/client.ts";
import { configFromEnv } from "#gateway/config.ts";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { buildIdentity, createOAuthId } from "#gateway/identity.ts";
import { uploadImage } from "#gateway/uploads.ts";
import { ADDRESS_LIMITS, LOGIN_FAILURE_WINDOW_MS, MAX_WAIT_MS, PAIR_LIMITS } from "#server/accounts/login-limits.ts";
import { REVOKED_SESSION_KEEP_MS } from "#server/accounts/sessions.ts";
import { startSiblingProcess, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// Behind a trusted proxy each test device says where it calls from, so that the tests' addresses are apart.
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ env: { TRUST_PROXY: "1" } });
});
afterAll(() => gw.close());

let phoneSeq = 13700000000;
const newPhone = () => String(phoneSeq++);
let addressSeq = 1;
const newAddress = () => `198.51.100.${addressSeq++}`;

/** A device of its own (its own oauth id) calling through a proxy that says the client is at `address`. */
function device(url: string, address = newAddress(), token = "") {
  const oauthId = createOAuthId();
  return new GatewayClient({
    config: configFromEnv({}, { lines: [url] }),
    crypto: nodeCrypto,
    identity: () => buildIdentity({ oauthId, token }),
    fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), "x-forwarded-for": `${address}, 10.0.0.1` } }),
  });
}

async function registered(password = "right-pass1") {
  const phone = newPhone();
  await testClient(gw.url).send(accounts.register, { phone, password });
  return { phone, password };
}

const login = (client: GatewayClient, phone: string, password: string) => client.request<{ token: string }>(accounts.loginByPassword.path, { phone, password });
const WRONG = { status: 400, msg: "手机号或密码错误" };

describe("password hashing", () => {
  it("keeps answering other calls while 40 wrong-password logins hash", async () => {
    const order: string[] = [];
    // Unknown phones from devices and addresses of their own: no limit stops them, each costs a scrypt.
    const logins = Array.from({ length: 40 }, () =>
      login(device(gw.url), newPhone(), "wrong-password").then((outcome) => {
        order.push("login");
        return outcome;
      }),
    );
    // The gateway is busy with them once one has answered; only then is the unrelated call sent.
    await Promise.race(logins);
    const config = device(gw.url)
      .send(home.getConfig, undefined)
      .then((answer) => {
        order.push("getConfig");
        return answer;
      });
    const [outcomes, answer] = await Promise.all([Promise.all(logins), config]);
    for (const outcome of outcomes) expect(outcome).toMatchObject(WRONG);
    expect(answer.img_upload_url).toBeDefined();
    // Hashing on the event loop answers it after all of them (none after it). On a quiet machine more than half
    // come after it; under a full suite on two cores 17 were seen: a quarter still tells the two apart. (This
    // client shares the gateway's process: its unzip of the answer needs libuv's thread pool as the gateway's
    // file reads do, so hashes must leave it room.)
    const loginsAfter = order.length - 1 - order.indexOf("getConfig");
    expect(loginsAfter).toBeGreaterThanOrEqual(outcomes.length / 4);
  });
});

describe("login limits", () => {
  // A second gateway process on the same database, also behind the trusted proxy: the counts are the database's.
  let second: Awaited<ReturnType<typeof startSiblingProcess>>;
  beforeAll(async () => {
    second = await startSiblingProcess(gw, { TRUST_PROXY: "1" });
  });
  afterAll(() => void second?.child.kill("SIGTERM"));

  const waitRefused = { status: 429, msg: expect.stringMatching(/^密码错误次数较多，请 \d+ (秒|分钟)后再试$/) };
  const locked = { status: 429, msg: expect.stringMatching(/^密码错误次数过多，请 \d+ 分钟后再试$/) };

  /** The longest wait between tries passes for `address`: its failures move back, still inside the window. */
  async function letWaitPass(address: string) {
    const db = gw.openDb();
    try {
      const then = Date.now() - MAX_WAIT_MS - 1000;
      await db.run("UPDATE login_failures SET created_at = ? WHERE address = ? AND created_at > ?", [then, address, then]);
    } finally {
      await db.close();
    }
  }

  it("answers a pair's first wrong passwords at once, then makes it wait, right password or not; after the wait the right one logs in", async () => {
    const { phone, password } = await registered();
    const address = newAddress();
    for (let i = 0; i < PAIR_LIMITS.free; i++) expect(await login(device(gw.url, address), phone, "wrong-password")).toMatchObject(WRONG);
    expect(await login(device(gw.url, address), phone, password)).toMatchObject(waitRefused);
    // The first wait: from the last failure, so a little less has passed by now.
    const seconds = Number((await login(device(gw.url, address), phone, password)).msg.match(/(\d+) 秒/)?.[1]);
    expect(seconds).toBeGreaterThan(PAIR_LIMITS.firstWaitMs / 1000 - 10);
    expect(seconds).toBeLessThanOrEqual(PAIR_LIMITS.firstWaitMs / 1000);
    expect(await login(device(second.url, address), phone, password)).toMatchObject(waitRefused);
    await letWaitPass(address);
    const ok = await login(device(second.url, address), phone, password);
    expect(ok.status).toBe(200);
    expect(ok.data?.token).toMatch(/^[0-9a-f]{64}$/);
    // Forgotten: the address has its free wrong passwords again.
    for (let i = 0; i < PAIR_LIMITS.free; i++) expect(await login(device(gw.url, address), phone, "wrong-password")).toMatchObject(WRONG);
  });

  it("limits an attacker's address on a phone through both processes, while the owner logs in from another address", async () => {
    const { phone, password } = await registered();
    const attacker = newAddress();
    const processes = [gw.url, second.url];
    for (let i = 0; i < PAIR_LIMITS.max; i++) {
      if (i >= PAIR_LIMITS.free) {
        // Too soon after the last failure, on whichever process.
        expect(await login(device(processes[(i + 1) % 2]!, attacker), phone, "wrong-password")).toMatchObject(waitRefused);
        await letWaitPass(attacker);
      }
      expect(await login(device(processes[i % 2]!, attacker), phone, "wrong-password")).toMatchObject(WRONG);
    }
    await letWaitPass(attacker);
    for (const url of processes) expect(await login(device(url, attacker), phone, password)).toMatchObject(locked);

    // Guesses from more addresses only slow the phone's logins down: the owner gets in, on both processes.
    const another = newAddress();
    for (let i = 0; i < PAIR_LIMITS.free; i++) expect(await login(device(second.url, another), phone, "wrong-password")).toMatchObject(WRONG);
    const owner = newAddress();
    for (const url of processes) expect((await login(device(url, owner), phone, password)).status).toBe(200);
    // The attacker stays locked out.
    expect(await login(device(gw.url, attacker), phone, password)).toMatchObject(locked);
  });

  it("limits an address across phones, and the phone's owner elsewhere is not", async () => {
    const { phone, password } = await registered();
    const address = newAddress();
    for (let i = 0; i < ADDRESS_LIMITS.max; i++) {
      if (i >= ADDRESS_LIMITS.free) {
        expect(await login(device(second.url, address), newPhone(), "wrong-password")).toMatchObject(waitRefused);
        await letWaitPass(address);
      }
      expect(await login(device(gw.url, address), newPhone(), "wrong-password")).toMatchObject(WRONG);
    }
    await letWaitPass(address);
    expect(await login(device(second.url, address), phone, password)).toMatchObject(locked);
    expect((await login(device(second.url), phone, password)).status).toBe(200);
  });

  it("counts wrong old passwords of a password change with the logins", async () => {
    const { phone, password } = await registered();
    const address = newAddress();
    const { token } = await testClient(gw.url).send(accounts.loginByPassword, { phone, password });
    const changePwd = (url: string, old_password: string) => device(url, address, token).request(accounts.updatePwd.path, { old_password, new_password: "new-pass-22" });
    for (let i = 0; i < PAIR_LIMITS.free; i++) expect(await changePwd(i % 2 ? gw.url : second.url, "wrong-old")).toMatchObject({ status: 400, msg: "原密码错误" });
    expect(await changePwd(gw.url, password)).toMatchObject(waitRefused);
    expect(await login(device(second.url, address), phone, password)).toMatchObject(waitRefused);
    expect((await login(device(second.url), phone, password)).status).toBe(200);
  });

  it("counts by the connection's address, not x-forwarded-for, unless TRUST_PROXY is set", async () => {
    const direct = await startTestGateway();
    try {
      const phone = newPhone();
      await testClient(direct.url).send(accounts.register, { phone, password: "right-pass1" });
      // Each call claims another address; all come from 127.0.0.1, one pair.
      for (let i = 0; i < PAIR_LIMITS.free; i++) expect(await login(device(direct.url), phone, "wrong-password")).toMatchObject(WRONG);
      expect(await login(device(direct.url), phone, "right-pass1")).toMatchObject(waitRefused);
    } finally {
      await direct.close();
    }
  });
});

describe("forwarded headers", () => {
  /** A client whose calls say they came through a proxy for https://cdn.example. */
  const forwardedClient = (url: string) =>
    new GatewayClient({
      config: configFromEnv({}, { lines: [url] }),
      crypto: nodeCrypto,
      identity: () => buildIdentity({ oauthId: createOAuthId() }),
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), "x-forwarded-host": "cdn.example", "x-forwarded-proto": "https" } }),
    });
  const coverOf = async (url: string) => (await forwardedClient(url).send(home.list, { sort: "new", page: 1, limit: 1 })).list[0]!.cover;

  it("builds the answers' links from x-forwarded-host only behind a trusted proxy", async () => {
    expect(await coverOf(gw.url)).toMatch(/^https:\/\/cdn\.example\//);
    const direct = await startTestGateway();
    try {
      expect(await coverOf(direct.url)).toMatch(new RegExp(`^${direct.url.replace(/[.]/g, "\\.")}/`));
    } finally {
      await direct.close();
    }
  });
});

describe("session pruning", () => {
  const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

  it("deletes expired sessions, revoked ones older than a day and stale login failures at start-up", async () => {
    const { phone, password } = await registered();
    const tokenOf = async () => (await testClient(gw.url).send(accounts.loginByPassword, { phone, password })).token;
    const [expired, revokedLongAgo, revokedToday, live] = [await tokenOf(), await tokenOf(), await tokenOf(), await tokenOf()];
    const now = Date.now();
    const db = gw.openDb();
    try {
      await db.run("UPDATE sessions SET expires_at = ? WHERE token_hash = ?", [now - 1000, hashOf(expired)]);
      await db.run("UPDATE sessions SET revoked_at = ? WHERE token_hash = ?", [now - REVOKED_SESSION_KEEP_MS - 60_000, hashOf(revokedLongAgo)]);
      await db.run("UPDATE sessions SET revoked_at = ? WHERE token_hash = ?", [now - 60_000, hashOf(revokedToday)]);
      await db.run("INSERT INTO login_failures (phone, device, address, created_at) VALUES (?, ?, ?, ?)", ["19900000001", "old", "", now - LOGIN_FAILURE_WINDOW_MS - 1000]);
      await db.run("INSERT INTO login_failures (phone, device, address, created_at) VALUES (?, ?, ?, ?)", ["19900000001", "recent", "", now - 1000]);
    } finally {
      await db.close();
    }

    await gw.stop();
    await gw.restart();

    const after = gw.openDb();
    try {
      const stored = async (token: string) => (await after.value<number>("SELECT COUNT(*) FROM sessions WHERE token_hash = ?", [hashOf(token)])) ?? 0;
      expect(await stored(expired)).toBe(0);
      expect(await stored(revokedLongAgo)).toBe(0);
      expect(await stored(revokedToday)).toBe(1);
      expect(await stored(live)).toBe(1);
      expect(await after.all("SELECT device FROM login_failures WHERE phone = ?", ["19900000001"])).toEqual([{ device: "recent" }]);
    } finally {
      await after.close();
    }
    expect((await testClient(gw.url, { token: live }).send(accounts.userInfo, undefined)).phone).toBe(phone);
  });
});

describe("avatar_url", () => {
  const PNG = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000100" + "05fe02fea70000000049454e44ae426082",
    "hex",
  );

  it("takes an uploaded image or a plain http(s) address, refuses anything else and keeps the profile", async () => {
    const { phone, password } = await registered();
    const me = testClient(gw.url, { token: (await testClient(gw.url).send(accounts.loginByPassword, { phone, password })).token });

    const config = await me.send(home.getConfig, undefined);
    const uploaded = await uploadImage({ config, file: new Blob([PNG]), fileName: "me.png", crypto: nodeCrypto });
    const path = new URL(uploaded).pathname;
    expect((await me.send(accounts.updateInfo, { avatar_url: uploaded })).avatar_url).toBe(uploaded);
    expect((await me.send(accounts.updateInfo, { avatar_url: "https://cdn.example.com/a/b.png?w=1&h=2" })).avatar_url).toBe("https://cdn.example.com/a/b.png?w=1&h=2");
    expect((await me.send(accounts.updateInfo, { avatar_url: path, nickname: "头像用户" })).avatar_url).toBe(path);

    const hostile = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
      'https://x.example/a.png" onerror="alert(1)',
      "https://x.example/a.png' onerror='alert(1)",
      "https://x.example/`a`.png",
      "https://x.example/<script>alert(1)</script>",
      "https://x.example/a b.png",
      "https://x.example/a\tb.png",
      "https://x.example\\@evil.example/a.png",
      "https://x.example/a\u0000.png",
      "https://",
      "//evil.example/a.png",
      "ftp://x.example/a.png",
      "/uploads/images/../../gateway.sqlite",
      "/uploads/videos/202601/a.mp4",
      "/media/enc/a.bin",
      "uploads/images/202601/a.png",
    ];
    for (const avatar_url of hostile) {
      const refused = await me.request("/api/user/updateInfo", { avatar_url, nickname: "改了" });
      expect(refused, avatar_url).toMatchObject({ status: 400, msg: "头像地址应为上传的图片或 http(s) 地址，且不含引号、尖括号、空白和反斜杠" });
    }
    expect(await me.send(accounts.userInfo, undefined)).toMatchObject({ avatar_url: path, nickname: "头像用户" });
  });
});
