import { Command, Option } from "commander";
import { endpointAt, expectedStatus, similarPaths } from "#gateway/api/contract.ts";
import { newRequestId } from "#gateway/client.ts";
import { resolveContext, parseFields } from "../lib/context.ts";
import { noteGuestAccount } from "../lib/guest.ts";
import { CliError, printJson, withKeyHint } from "../lib/output.ts";

export const call = new Command("call")
  .description("call any gateway path with key=value fields (values parsed as JSON when they parse, except in the fields the endpoint types as strings)")
  .argument("<path>", "e.g. /api/user/userinfo")
  .argument("[fields...]", "key=value pairs")
  .addOption(new Option("--expect <status>", "payload status that means success (default: 251 for the calls that create something, else 200)"))
  .option("--token <token>", "member token (default: the profile's)")
  .option("--raw", "print the whole outcome: HTTP status, errcode, sign, status, msg, data")
  .action(async (path: string, pairs: string[], opts: { expect?: string; token?: string; raw?: boolean }, command: Command) => {
    const ctx = resolveContext(command);
    const expect = opts.expect === undefined ? expectedStatus(path) : Number(opts.expect);
    if (!Number.isInteger(expect)) throw new CliError("--expect must be an integer status");
    if (!path.startsWith("/")) throw new CliError(`path must start with /: ${path}`);
    // On a path of the catalogue, the fields it types as strings take digits as written (phone=13800000000).
    const ep = endpointAt(path);
    const fields = parseFields(pairs, ep?.strings);
    // A write done once per request_id gets one, as the typed client gives it: it may then follow a failover.
    if (ep?.repeat === "request_id" && !fields.request_id) fields.request_id = newRequestId();
    const client = await ctx.client(opts.token);
    const outcome = await client.request(path, fields, { expect, ...(ep ? { repeat: ep.repeat } : {}) });
    if (!opts.token && !ctx.profile.token) await noteGuestAccount(ctx, client, outcome);
    const { envelope: _envelope, error: _error, ...shown } = outcome;
    if (opts.raw) printJson(shown);
    else if (outcome.ok) printJson(outcome.data);
    if (outcome.ok) return;
    // A path the gateway does not know and the catalogue has not either: most often a typo.
    const meant = !ep && outcome.httpStatus === 404 ? similarPaths(path) : [];
    const hint = meant.length ? ` (did you mean ${meant.join(", ")}?)` : "";
    throw new CliError(`${path}: ${withKeyHint(outcome.msg)}${outcome.status !== undefined ? ` (status ${outcome.status}, expected ${expect})` : ""}${hint}`);
  });
