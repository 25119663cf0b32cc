import { makeDevCert, spkiHash } from "#server/dev-cert.ts";

export interface TestCert {
  certFile: string;
  keyFile: string;
  /** For Chromium's --ignore-certificate-errors-spki-list (trusts this key only). */
  spki: string;
}

/** A short-lived self-signed certificate for 127.0.0.1 and localhost. */
export function makeTestCert(dir: string): TestCert {
  const cert = makeDevCert(dir, ["127.0.0.1", "localhost"], 2);
  return { ...cert, spki: spkiHash(cert.certFile) };
}
