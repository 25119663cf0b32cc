import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type ClientHttp2Session } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "#gateway/config.ts";
import { startServer } from "#server/start.ts";
import { runCli } from "../support/cli.ts";
import { REPO_ROOT, startTestGateway, type TestGateway } from "../support/gateway.ts";
import { makeTestCert, type TestCert } from "../support/tls.ts";

let dir: string;
let cert: TestCert;
let gw: TestGateway;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "gw-tls-"));
  cert = makeTestCert(dir);
  gw = await startTestGateway({ env: { TLS_CERT: cert.certFile, TLS_KEY: cert.keyFile } });
});
afterAll(async () => {
  await gw?.close();
  rmSync(dir, { recursive: true, force: true });
});

function h2Get(session: ClientHttp2Session, path: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((done, fail) => {
    const req = session.request({ ":path": path });
    let status = 0;
    let body = "";
    let headers: Record<string, unknown> = {};
    req.on("response", (h) => {
      status = Number(h[":status"]);
      headers = h;
    });
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => done({ status, body, headers }));
    req.on("error", fail);
  });
}

describe("HTTPS", () => {
  it("serves the app over HTTP/2 to clients that offer it", async () => {
    expect(gw.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const session = connect(gw.url, { ca: readFileSync(cert.certFile) });
    try {
      const home = await h2Get(session, "/home");
      expect(session.alpnProtocol).toBe("h2");
      expect(home.status).toBe(200);
      expect(home.body).toContain('lang="zh-CN"');
      // Served over TLS, the gateway tells browsers to keep to it (decision 068).
      expect(home.headers["strict-transport-security"]).toBe("max-age=31536000");
    } finally {
      session.close();
    }
  });

  it("answers the CLI over HTTP/1.1, with media links on its own https origin", async () => {
    const result = await runCli(["--lines", gw.url, "call", "/api/system/getad", "position=home"], {
      env: { GW_HOME: mkdtempSync(join(dir, "home-")), NODE_EXTRA_CA_CERTS: cert.certFile },
    });
    // Nothing on stderr but the fresh profile's guest account, registered over the same https line.
    expect(result.stderr).toBe(`registered a guest account for profile default on ${gw.url} (uuid ${/\(uuid ([0-9a-f-]{36})\)/.exec(result.stderr)?.[1]}); calls without a token use it, \`login\` to call as a member\n`);
    const ads = JSON.parse(result.stdout) as { img_url: string }[];
    expect(ads.length).toBeGreaterThan(0);
    for (const ad of ads) expect(ad.img_url.startsWith(`${gw.url}/media/`)).toBe(true);
  });

  it("closes while a client keeps an HTTP/2 connection open", async () => {
    const other = await startServer({ port: 0, host: "127.0.0.1", dataDir: mkdtempSync(join(dir, "data-")), env: { TLS_CERT: cert.certFile, TLS_KEY: cert.keyFile } });
    const session = connect(other.url, { ca: readFileSync(cert.certFile) });
    expect((await h2Get(session, "/version.json")).status).toBeGreaterThan(0);
    const closed = new Promise((done) => session.once("close", done));
    await other.close();
    await closed;
  });

  it("refuses half a TLS configuration, and files it cannot read, naming them", async () => {
    const data = mkdtempSync(join(dir, "bad-"));
    await expect(startServer({ port: 0, dataDir: data, env: { TLS_CERT: cert.certFile } })).rejects.toThrow(ConfigError);
    await expect(startServer({ port: 0, dataDir: data, env: { TLS_CERT: cert.certFile } })).rejects.toMatchObject({
      problems: ["TLS_CERT and TLS_KEY go together: set both or neither"],
    });
    const missing = join(dir, "nope.pem");
    await expect(startServer({ port: 0, dataDir: data, env: { TLS_CERT: missing, TLS_KEY: cert.keyFile } })).rejects.toMatchObject({
      problems: [`TLS_CERT: cannot read ${missing} (ENOENT)`],
    });
  });
});

describe("npm run cert", () => {
  const run = (args: string[], dataDir: string) =>
    new Promise<string>((done, fail) =>
      execFile(process.execPath, ["--import", "tsx", "server/dev-cert.ts", ...args], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir } }, (error, stdout, stderr) =>
        error ? fail(new Error(stderr || error.message)) : done(stdout),
      ),
    );

  it("makes a certificate for the hosts named, which the gateway then serves with", async () => {
    const dataDir = mkdtempSync(join(dir, "cert-"));
    const out = await run(["10.0.0.7", "phone.local"], dataDir);
    const certFile = join(dataDir, "tls/cert.pem");
    const keyFile = join(dataDir, "tls/key.pem");
    expect(out).toContain(`TLS_CERT=${certFile} TLS_KEY=${keyFile} npm start`);
    expect(new X509Certificate(readFileSync(certFile)).subjectAltName).toBe("IP Address:10.0.0.7, DNS:phone.local");
    const served = await startServer({ port: 0, host: "127.0.0.1", dataDir, env: { TLS_CERT: certFile, TLS_KEY: keyFile } });
    expect(served.url).toMatch(/^https:/);
    await served.close();
  });

  it("covers localhost and this machine's addresses by default", async () => {
    const dataDir = mkdtempSync(join(dir, "cert-"));
    await run([], dataDir);
    const san = new X509Certificate(readFileSync(join(dataDir, "tls/cert.pem"))).subjectAltName!;
    expect(san).toContain("DNS:localhost");
    expect(san).toContain("IP Address:127.0.0.1");
  });
});
