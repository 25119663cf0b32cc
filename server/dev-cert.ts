// `npm run cert [host…]`: a self-signed certificate for serving the gateway over HTTPS on a LAN.
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export interface DevCert {
  certFile: string;
  keyFile: string;
}

/** Writes `cert.pem` and `key.pem` (P-256, self-signed, for `hosts`) into `dir` with openssl. */
export function makeDevCert(dir: string, hosts: string[], days = 30): DevCert {
  mkdirSync(dir, { recursive: true });
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  const san = hosts.map((h) => (isIP(h) ? `IP:${h}` : `DNS:${h}`)).join(",");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", String(days), "-subj", "/CN=gateway", "-addext", `subjectAltName=${san}`],
    { stdio: "pipe" },
  );
  return { certFile, keyFile };
}

/** SHA-256 of the certificate's public key: what Chromium's --ignore-certificate-errors-spki-list takes. */
export function spkiHash(certFile: string): string {
  const der = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("base64");
}

/** localhost and every IPv4 address of this machine, so a phone on the LAN can use any of them. */
export function localHosts(): string[] {
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === "IPv4")
    .map((a) => a!.address);
  return [...new Set(["localhost", "127.0.0.1", ...lan])];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = resolve(process.env.DATA_DIR || "./data", "tls");
  const hosts = process.argv.length > 2 ? process.argv.slice(2) : localHosts();
  try {
    const { certFile, keyFile } = makeDevCert(dir, hosts);
    console.log(`certificate for ${hosts.join(", ")} (30 days, self-signed)`);
    console.log(`TLS_CERT=${certFile} TLS_KEY=${keyFile} npm start`);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    console.error(missing ? "openssl not found: install it (apt-get install openssl) or use mkcert" : `openssl failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
    process.exit(1);
  }
}
