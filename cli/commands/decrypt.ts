import { Command } from "commander";
import { decodeCapture, readInput, type DecodedCall } from "../lib/capture.ts";
import { resolveContext } from "../lib/context.ts";
import { paint, printJson } from "../lib/output.ts";

const yesNo = (ok: boolean) => (ok ? paint("green", "valid") : paint("red", "INVALID"));

function printCall(call: DecodedCall) {
  if (call.path) process.stdout.write(`${paint("bold", `${call.method ?? "POST"} ${call.path}`)}${call.httpStatus ? ` → HTTP ${call.httpStatus}` : ""}\n`);
  if (call.request) {
    process.stdout.write(`  request  sign ${yesNo(call.request.signValid)}  timestamp ${call.request.timestamp}\n`);
    process.stdout.write(`  ${JSON.stringify(call.request.fields ?? call.request.error)}\n`);
  }
  if (call.response) {
    process.stdout.write(`  response sign ${yesNo(call.response.signValid)}  errcode ${call.response.errcode}\n`);
    process.stdout.write(`  ${JSON.stringify(call.response.payload ?? call.response.msg ?? call.response.error ?? null)}\n`);
  }
}

export const decrypt = new Command("decrypt")
  .description("decrypt a request body, a response JSON, or every gateway call in a HAR file")
  .argument("<file>", "a file, or - for stdin")
  .action(async (file: string, _opts, command: Command) => {
    const ctx = resolveContext(command);
    const capture = decodeCapture(await readInput(file), ctx.config);
    const calls = capture.kind === "har" ? capture.calls : [capture.call];
    if (ctx.json) return printJson(capture.kind === "har" ? calls : calls[0]);
    for (const call of calls) printCall(call);
    if (capture.kind === "har") process.stdout.write(`${calls.length} gateway call(s), ${capture.skipped} other request(s) skipped\n`);
  });
