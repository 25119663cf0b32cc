import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, video as videos } from "#gateway/api/index.ts";
import { runCli } from "../support/cli.ts";
import { entryArgs } from "../support/entries.ts";
import { DEMO, REPO_ROOT, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { recordFetchHar } from "../support/har.ts";

let gw: TestGateway;
let home: string;
beforeAll(async () => {
  gw = await startTestGateway();
  home = mkdtempSync(join(tmpdir(), "gw-cli-"));
});
afterAll(async () => {
  await gw.close();
  rmSync(home, { recursive: true, force: true });
});

const cli = (args: string[], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(["--lines", gw.url, ...args], { ...opts, env: { GW_HOME: home, ...opts.env } });

describe("gw ping", () => {
  it("lists every line and picks the live one over a dead one listed first", async () => {
    const dead = "http://127.0.0.1:1";
    const result = await runCli(["--lines", `${dead},${gw.url}`, "ping"], { env: { GW_HOME: home } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`${dead}\\s+down`));
    expect(result.stdout).toMatch(new RegExp(`${gw.url}\\s+ok`));
    expect(result.stdout).toContain(`base: ${gw.url}`);
    const json = JSON.parse((await runCli(["--lines", `${dead},${gw.url}`, "--json", "ping"], { env: { GW_HOME: home } })).stdout);
    expect(json.base).toBe(gw.url);
    expect(json.reports).toHaveLength(2);
  });

  it("exits non-zero when no line answers", async () => {
    const result = await runCli(["--lines", "http://127.0.0.1:1", "ping"], { env: { GW_HOME: home } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no line answered/);
  });
});

describe("gw as a package bin", () => {
  it("runs from any working directory", async () => {
    const { execFile } = await import("node:child_process");
    const out = await new Promise<string>((done, fail) =>
      execFile(process.execPath, [join(REPO_ROOT, "cli/bin.js"), "--lines", gw.url, "call", "/api/MvDetail/reportType"], { cwd: tmpdir(), env: { ...process.env, GW_HOME: home } }, (error, stdout, stderr) =>
        error ? fail(new Error(stderr || error.message)) : done(stdout),
      ),
    );
    expect(JSON.parse(out)[0]).toMatchObject({ id: 1 });
  });
});

describe("gw call and login", () => {
  it("calls any path, case-insensitively, and prints data", async () => {
    const result = await cli(["call", "/api/mvdetail/REPORTTYPE"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)[0]).toMatchObject({ id: 1, name: "内容违规" });
  });

  it("prints one error line and exits non-zero for an unknown path and for a failing status", async () => {
    const missing = await cli(["call", "/api/nope"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
    expect(missing.stderr).toContain("not found: /api/nope");
    expect(missing.stderr).not.toContain("did you mean");
    // A typo of a catalogue path: the same one line, with the calls it may have meant.
    const typo = await cli(["call", "/api/mv/detail", "id=1"]);
    expect(typo.code).toBe(1);
    expect(typo.stderr.trim().split("\n")).toHaveLength(1);
    expect(typo.stderr).toMatch(/not found: \/api\/mv\/detail \(did you mean [^)]*\/api\/MvDetail\/detail/);
    const member = await cli(["--profile", "guest", "call", "/api/user/updatePwd", "old_password=a", "new_password=bbbbbb"]);
    expect(member.code).toBe(1);
    expect(member.stderr).toContain("请先登录");
    const raw = await cli(["--profile", "guest", "call", "--raw", "/api/user/updatePwd"]);
    expect(JSON.parse(raw.stdout)).toMatchObject({ ok: false, status: 420, httpStatus: 200, signValid: true });
  });

  it("logs in, saves the token and uses it for later calls", async () => {
    const login = await cli(["--profile", "demo", "login", DEMO.phone], { input: `${DEMO.password}\n` });
    expect(login.code).toBe(0);
    const stored = JSON.parse(readFileSync(join(home, "profiles.json"), "utf8"));
    expect(stored.demo.token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(home, "profiles.json")).mode & 0o777).toBe(0o600);
    const me = await cli(["--profile", "demo", "call", "/api/user/userinfo"]);
    expect(JSON.parse(me.stdout)).toMatchObject({ phone: DEMO.phone, coins: 1000, is_reg: 1 });
    const bad = await cli(["--profile", "other", "login", DEMO.phone, "wrong-password"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("手机号或密码错误");
  });

  it("lists every bad option at once", async () => {
    const result = await cli(["--timeout", "soon", "--aes-key", "short", "call", "/api/x"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--timeout");
    expect(result.stderr).toContain("--aes-key");
  });
});

describe("gw call: fields, lines and statuses", () => {
  it("sends a quoted value as a string and a huge integer as written", async () => {
    // Quoted, digits are a string on any path (the typed ones take them unquoted too: cli-typed-fields.test.ts).
    const quoted = await cli(["--profile", "quoted", "call", "/api/Home/loginByPassword", `phone="${DEMO.phone}"`, `password=${DEMO.password}`]);
    expect(quoted.code).toBe(0);
    expect(JSON.parse(quoted.stdout).token).toMatch(/^[0-9a-f]{64}$/);
    const sealed = JSON.parse((await cli(["--json", "encrypt", "n=12345678901234567890", "m=12"])).stdout);
    const opened = JSON.parse((await cli(["--json", "decrypt", "-"], { input: sealed.body })).stdout);
    expect(opened.request.fields).toEqual({ n: "12345678901234567890", m: 12 });
  });

  it("calls through the first line that answers, as ping picks it", async () => {
    const result = await runCli(["--lines", `http://127.0.0.1:1,${gw.url}`, "call", "/api/MvDetail/reportType"], { env: { GW_HOME: home } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)[0]).toMatchObject({ id: 1 });
  });

  it("expects 251 of the calls that create something, and says what it expected when a status differs", async () => {
    expect((await cli(["--profile", "liker", "login", DEMO.phone, DEMO.password])).code).toBe(0);
    const liked = await cli(["--profile", "liker", "call", "/api/mvDetail/like", "id=3"]);
    expect(liked.code).toBe(0);
    expect(JSON.parse(liked.stdout).is_like).toBe(1);
    expect((await cli(["--profile", "liker", "call", "/api/mvDetail/like", "id=3"])).code).toBe(0);
    const wrong = await cli(["--profile", "liker", "call", "--expect", "251", "/api/user/userinfo"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("(status 200, expected 251)");
  });

  it("keeps ping within --timeout", async () => {
    const { createServer } = await import("node:net");
    const silent = createServer(() => undefined).listen(0, "127.0.0.1");
    await new Promise((r) => silent.once("listening", r));
    try {
      const port = (silent.address() as { port: number }).port;
      const result = await runCli(["--lines", `http://127.0.0.1:${port}`, "--timeout", "300", "--json", "ping"], { env: { GW_HOME: home } });
      expect(result.code).toBe(1);
      const report = JSON.parse(result.stdout).reports[0];
      expect(report).toMatchObject({ ok: false, error: "timeout exceeded" });
      expect(report.ms).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });

  it("refuses odd options and profiles with one clear line", async () => {
    for (const [args, message] of [
      [["--profile", "__proto__", "call", "/api/x"], "--profile must be"],
      [["--timeout", "3000000000", "call", "/api/x"], "--timeout must be at most 2147483647"],
      [["encrypt", "--response", "--status", "abc"], "--status must be an integer"],
      [["encrypt", "--timestamp", "", "a=1"], "--timestamp must be whole seconds"],
      [["decrypt", "cli"], "not a file: cli"],
    ] as const) {
      const result = await cli([...args]);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr.trim().split("\n")).toEqual([`error: ${result.stderr.trim().slice("error: ".length)}`]);
      expect(result.stderr).toContain(message);
    }
    const broken = mkdtempSync(join(tmpdir(), "gw-cli-null-"));
    writeFileSync(join(broken, "profiles.json"), "null");
    const result = await runCli(["--lines", gw.url, "ping"], { env: { GW_HOME: broken } });
    expect(result.stderr).toContain("should hold an object of profiles");
    rmSync(broken, { recursive: true, force: true });
  });
});

describe("gw call as a guest, and with the wrong keys", () => {
  it("says once per profile that the gateway registered a guest account, with its uuid", async () => {
    const own = mkdtempSync(join(tmpdir(), "gw-cli-guest-"));
    try {
      const run = (args: string[]) => runCli(["--lines", gw.url, ...args], { env: { GW_HOME: own } });
      const first = await run(["call", "/api/MvDetail/reportType"]);
      expect(first.code, first.stderr).toBe(0);
      const said = first.stderr.match(/^registered a guest account for profile default on (\S+) \(uuid ([0-9a-f-]{36})\)/m);
      expect(said?.[1]).toBe(gw.url);
      expect(first.stderr.trim().split("\n")).toHaveLength(1);
      // The account exists on the gateway, without a phone: a guest.
      const db = gw.openDb();
      try {
        expect(await db.get("SELECT phone FROM users WHERE uuid = ?", [said![2]])).toEqual({ phone: null });
      } finally {
        await db.close();
      }
      // Later calls of the profile are quiet; the profile keeps the uuid.
      const second = await run(["call", "/api/user/userinfo"]);
      expect(second.stderr).toBe("");
      expect(JSON.parse(second.stdout).uuid).toBe(said![2]);
      expect(JSON.parse(readFileSync(join(own, "profiles.json"), "utf8")).default.guests).toEqual({ [gw.url]: said![2] });
      // Another profile is another device; a call refused before any handler runs registers nobody.
      expect((await run(["--profile", "other", "call", "/api/nope"])).stderr).not.toContain("guest");
      expect((await run(["--profile", "other", "call", "/api/MvDetail/reportType"])).stderr).toContain("registered a guest account for profile other");
      // A member's calls never speak of guests.
      expect((await run(["--profile", "member", "login", DEMO.phone, DEMO.password])).code).toBe(0);
      expect((await run(["--profile", "member", "call", "/api/user/userinfo"])).stderr).toBe("");
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("says the AES key or IV is probably wrong when the gateway cannot decrypt a call, and the sign secret for a bad sign", async () => {
    const key = await cli(["--aes-key", "0123456789abcdef", "call", "/api/MvDetail/reportType"]);
    expect(key.code).toBe(1);
    expect(key.stderr.trim().split("\n")).toHaveLength(1);
    expect(key.stderr).toMatch(/does not decrypt to JSON: the AES key or IV is probably wrong \(--aes-key, --aes-iv/);
    const sign = await cli(["--sign-secret", "another-secret", "call", "/api/MvDetail/reportType"]);
    expect(sign.code).toBe(1);
    expect(sign.stderr).toMatch(/bad sign: the sign secret is probably wrong \(--sign-secret/);
  });
});

describe("gw replay --json", () => {
  it("prints the fields the README documents, for each result", async () => {
    // The README's example, as documented.
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const block = readme.slice(readme.indexOf("`replay --json` prints")).match(/```json\n([\s\S]*?)```/)?.[1];
    const documented = JSON.parse(block!) as { calls: Record<string, unknown>[]; summary: Record<string, number> };

    const phone = "1390000" + String(Date.now()).slice(-4);
    const { token } = await testClient(gw.url).send(accounts.register, { phone, password: "secret123" });
    const recorder = recordFetchHar();
    const client = testClient(gw.url, { token, fetch: recorder.fetch });
    await client.send(accounts.userInfo, undefined);
    await client.send(videos.like, { id: 3 });
    const dir = mkdtempSync(join(tmpdir(), "gw-replay-"));
    try {
      const har = join(dir, "capture.har");
      writeFileSync(har, JSON.stringify(recorder.har()));
      await client.send(accounts.updateInfo, { nickname: "换了名字" });
      const result = await cli(["--json", "replay", har]);
      expect(result.code).toBe(1);
      const report = JSON.parse(result.stdout) as typeof documented;
      const keys = (o: unknown) => Object.keys(o as object).sort();
      expect(keys(report)).toEqual(keys(documented));
      expect(keys(report.summary)).toEqual(keys(documented.summary));
      expect(report.summary).toEqual(documented.summary);
      for (const example of documented.calls) {
        const actual = report.calls.find((c) => c.result === example.result)!;
        expect(keys(actual), String(example.result)).toEqual(keys(example));
        for (const part of ["captured", "replayed"] as const) if (example[part]) expect(keys(actual[part])).toEqual(keys(example[part]));
        expect(actual).toMatchObject({ index: example.index, path: example.path, notes: example.notes, captured: example.captured });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("gw encrypt and decrypt", () => {
  const vectorKeys = ["--aes-key", "0123456789abcdef", "--aes-iv", "fedcba9876543210", "--sign-secret", "test-secret"];

  it("reproduces the protocol test vector and decrypts it back", async () => {
    const enc = await cli([...vectorKeys, "encrypt", "hello=世界", "n=1", "--timestamp", "1700000000"]);
    expect(enc.stdout.trim()).toBe(
      "client=pwa&sign=8e86b19e9c0b1ec5aa9f71c5928c7242&timestamp=1700000000&data=7069BE149A1C102B821A276E5CFBFFB12499661F3A971B47",
    );
    const dec = await cli([...vectorKeys, "--json", "decrypt", "-"], { input: enc.stdout });
    expect(JSON.parse(dec.stdout)).toEqual({ request: { signValid: true, timestamp: "1700000000", fields: { hello: "世界", n: 1 } } });
  });

  it("decrypts a response and flags a bad sign", async () => {
    const res = await cli(["encrypt", "--response", "--data", '{"a":1}', "--msg", "好"]);
    const env = JSON.parse(res.stdout);
    const dec = JSON.parse((await cli(["--json", "decrypt", "-"], { input: res.stdout })).stdout);
    expect(dec.response).toMatchObject({ signValid: true, errcode: 0, payload: { status: 200, msg: "好", data: { a: 1 } } });
    const tampered = JSON.stringify({ ...env, sign: "0".repeat(32) });
    const bad = JSON.parse((await cli(["--json", "decrypt", "-"], { input: tampered })).stdout);
    expect(bad.response.signValid).toBe(false);
    // Wrong AES keys: the sign (made with the sign secret) is still valid; only the data does not open.
    const body = (await cli(["encrypt", "a=1"])).stdout;
    const wrongKey = JSON.parse((await cli(["--aes-key", "0123456789abcdef", "--json", "decrypt", "-"], { input: body })).stdout);
    expect(wrongKey.request).toMatchObject({ signValid: true });
    expect(wrongKey.request.error).toMatch(/^data does not decrypt to JSON: the AES key or IV is probably wrong \(--aes-key, --aes-iv/);
    const garbage = await cli(["decrypt", "-"], { input: "hello" });
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toMatch(/neither a request body/);
  });
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000100" + "05fe02fea70000000049454e44ae426082",
  "hex",
);

describe("gw decrypt on captures as they come", () => {
  it("skips what is not a gateway call in a HAR (odd params, null entries), reads paths from where npm was run, and stops quietly when the reader goes", async () => {
    const body = (await cli(["encrypt", "a=1"])).stdout.trim();
    const entry = { request: { method: "POST", url: `${gw.url}/api/x`, postData: { text: body } }, response: { status: 200, content: { text: "" } } };
    const odd = { request: { method: "POST", url: "https://other.example/form", postData: { params: [{ name: "p", value: "100%" }] } }, response: { status: 200, content: {} } };
    const dir = mkdtempSync(join(tmpdir(), "gw-har-"));
    try {
      writeFileSync(join(dir, "mixed.har"), JSON.stringify({ log: { entries: [entry, odd, null, entry] } }));
      // As `npm run cli` runs it: in the package's folder, with the user's folder in INIT_CWD.
      const result = await cli(["--json", "decrypt", "mixed.har"], { env: { INIT_CWD: dir } });
      expect(result.code).toBe(0);
      const calls = JSON.parse(result.stdout);
      expect(calls).toHaveLength(2);
      expect(calls[0].request.fields).toEqual({ a: 1 });

      writeFileSync(join(dir, "big.har"), JSON.stringify({ log: { entries: Array.from({ length: 3000 }, () => entry) } }));
      const { execFile } = await import("node:child_process");
      const piped = await new Promise<{ code: number; stderr: string; stdout: string }>((done) =>
        execFile("sh", ["-c", `"${process.execPath}" ${entryArgs("cli").join(" ")} decrypt "${join(dir, "big.har")}" | head -1`], { cwd: REPO_ROOT, env: { ...process.env, GW_HOME: home } }, (error, stdout, stderr) =>
          done({ code: error ? 1 : 0, stdout, stderr }),
        ),
      );
      expect(piped.stdout.trim()).toBe(`POST /api/x → HTTP 200`);
      expect(piped.stderr).not.toMatch(/EPIPE|Error/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("gw uploads", () => {
  it("uploads an image that comes back byte-identical", async () => {
    const file = join(home, "avatar.png");
    writeFileSync(file, PNG);
    const result = await cli(["--json", "upload-image", file]);
    expect(result.code, result.stderr).toBe(0);
    const { path, url, bytes } = JSON.parse(result.stdout);
    expect(path).toMatch(/^\/uploads\/images\/\d{6}\/[\w-]+\.png$/);
    expect(url).toBe(`${gw.url}${path}`);
    expect(bytes).toBe(PNG.length);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(PNG)).toBe(true);
    // Without --json: the stored path alone, as upload-video prints its own.
    const plain = await cli(["upload-image", file]);
    expect(plain.stdout).toMatch(/^\/uploads\/images\/\d{6}\/[\w-]+\.png\n$/);
    const missing = await cli(["upload-image", join(home, "nope.png")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no such file");
  });

  it("resumes an interrupted video upload to a byte-identical file", async () => {
    const size = 1_500_000;
    const video = Buffer.alloc(size);
    for (let i = 0; i < size; i++) video[i] = (i * 7 + (i >> 10)) & 0xff;
    Buffer.from("000000186674797069736f6d", "hex").copy(video, 0);
    const file = join(home, "clip.mp4");
    writeFileSync(file, video);

    // 300 KB/s makes the first run take ~5 s; interrupt it once a few chunks are through.
    const controller = new AbortController();
    let seen = "";
    const first = await cli(["upload-video", "--limit-rate", "300000", file], {
      signal: controller.signal,
      onStdout: (chunk) => {
        seen += chunk;
        const sent = [...seen.matchAll(/progress (\d+)\//g)].map((m) => Number(m[1])).pop() ?? 0;
        if (sent >= 300_000) controller.abort();
      },
    });
    expect(first.code).not.toBe(0);
    expect(first.stderr).toContain("interrupted");

    const second = await cli(["upload-video", file]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/resuming at/);
    const path = second.stdout.trim().split("\n").pop()!;
    expect(path).toMatch(/^\/uploads\/videos\//);
    const back = Buffer.from(await (await fetch(`${gw.url}${path}`)).arrayBuffer());
    expect(createHash("sha256").update(back).digest("hex")).toBe(createHash("sha256").update(video).digest("hex"));
    // --json: the same fields as upload-image's, and the upload's own.
    const json = JSON.parse((await cli(["--json", "upload-video", file])).stdout);
    expect(json).toEqual({ path, url: `${gw.url}${path}`, bytes: size, uuid: expect.any(String), resumedFrom: size });
  });
});
