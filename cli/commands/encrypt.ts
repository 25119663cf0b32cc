import { Command } from "commander";
import { nodeCrypto } from "#gateway/crypto-node.ts";
import { encodeRequestBody, nowSeconds, sealRequest, sealResponse } from "#gateway/envelope.ts";
import { parseFields, resolveContext } from "../lib/context.ts";
import { CliError, printJson } from "../lib/output.ts";

export const encrypt = new Command("encrypt")
  .description("seal fields into a request body (or a response with --response)")
  .argument("[fields...]", "key=value pairs")
  .option("--data <json>", "the whole plaintext object as JSON instead of fields")
  .option("--timestamp <seconds>", "fix the timestamp (for test vectors)")
  .option("--response", "seal a response payload {status, msg, data} instead")
  .option("--status <status>", "response status", "200")
  .option("--msg <msg>", "response msg", "ok")
  .action((pairs: string[], opts: { data?: string; timestamp?: string; response?: boolean; status: string; msg: string }, command: Command) => {
    const ctx = resolveContext(command);
    let fields: Record<string, unknown>;
    if (opts.data !== undefined) {
      try {
        fields = JSON.parse(opts.data) as Record<string, unknown>;
      } catch {
        throw new CliError("--data is not valid JSON");
      }
    } else fields = parseFields(pairs);
    const ts = opts.timestamp === undefined ? nowSeconds() : /^\d{1,12}$/.test(opts.timestamp.trim()) ? Number(opts.timestamp) : NaN;
    if (!Number.isInteger(ts)) throw new CliError("--timestamp must be whole seconds");
    if (opts.response) {
      const status = /^-?\d+$/.test(opts.status.trim()) ? Number(opts.status) : NaN;
      if (!Number.isSafeInteger(status)) throw new CliError("--status must be an integer");
      const env = sealResponse({ status, msg: opts.msg, data: fields }, ctx.config, nodeCrypto, 0, ts);
      return printJson(env);
    }
    const env = sealRequest(fields, ctx.config, nodeCrypto, ts);
    if (ctx.json) printJson({ ...env, body: encodeRequestBody(env) });
    else process.stdout.write(`${encodeRequestBody(env)}\n`);
  });
