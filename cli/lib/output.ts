import { styleText } from "node:util";
import { getErrorMessage } from "#gateway/errors.ts";

type Style = Parameters<typeof styleText>[0];
const colourOn = (stream: NodeJS.WriteStream) => Boolean(stream.isTTY) && !process.env.NO_COLOR;
const styled = (on: boolean) => (style: Style, text: string) => (on ? styleText(style, text) : text);
/** For stdout; colour only when stdout is a terminal. */
export const paint = styled(colourOn(process.stdout));
/** For stderr, which may be a terminal when stdout is not, and the other way round. */
const paintErr = styled(colourOn(process.stderr));

export function printJson(value: unknown) {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A plain aligned table (CJK characters count double). */
export function printTable(headers: string[], rows: string[][]) {
  const width = (s: string) => [...s.replace(/\x1b\[[0-9;]*m/g, "")].reduce((n, ch) => n + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);
  const widths = headers.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ""))));
  const line = (cells: string[]) => cells.map((c, i) => c + " ".repeat(widths[i]! - width(c))).join("  ").trimEnd();
  process.stdout.write(`${paint("bold", line(headers))}\n`);
  for (const r of rows) process.stdout.write(`${line(r)}\n`);
}

/**
 * A message about an envelope, with what most often causes it: data that does not decrypt (ours, or the
 * gateway's answer to what we sent) means other AES keys; a bad sign, another sign secret.
 */
export function withKeyHint(msg: string): string {
  if (/does not decrypt|无法解密/.test(msg)) return `${msg}: the AES key or IV is probably wrong (--aes-key, --aes-iv or GATEWAY_AES_KEY, GATEWAY_AES_IV)`;
  if (/^bad sign$|签名无效/.test(msg)) return `${msg}: the sign secret is probably wrong (--sign-secret or GATEWAY_SIGN_SECRET)`;
  return msg;
}

/** Thrown by commands for an expected failure: printed as one line, exit code 1. */
export class CliError extends Error {}

export function reportError(error: unknown) {
  process.stderr.write(`${paintErr("red", "error:")} ${getErrorMessage(error).split("\n")[0]}\n`);
}
