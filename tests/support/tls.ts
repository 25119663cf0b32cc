import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface TestCert {
  certFile: string;
  keyFile: string;
  /** SHA-256 of the public key, for Chromium's --ignore-certificate-errors-spki-list (trusts this key only). */
  spki: string;
}

/** A short-lived self-signed certificate for 127.0.0.1 and localhost, made with openssl. */
export function makeTestCert(dir: string): TestCert {
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
    { stdio: "pipe" },
  );
  const der = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: "spki", format: "der" });
  return { certFile, keyFile, spki: createHash("sha256").update(der).digest("base64") };
}
