import { Command } from "commander";
import { accounts } from "#gateway/api/index.ts";
import { resolveContext } from "../lib/context.ts";
import { saveProfile } from "../lib/profiles.ts";
import { CliError, printJson } from "../lib/output.ts";

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.split("\n")[0]!.trim();
}

export const login = new Command("login")
  .description("log in and save the token to the profile for later calls")
  .argument("<phone>")
  .argument("[password]", "or --password, or the first line of stdin")
  .option("--password <password>")
  .action(async (phone: string, password: string | undefined, opts: { password?: string }, command: Command) => {
    const ctx = resolveContext(command);
    const secret = opts.password ?? password ?? (await readStdin());
    if (!secret) throw new CliError("no password: pass it as an argument, with --password, or on stdin");
    const result = await (await ctx.client("")).send(accounts.loginByPassword, { phone, password: secret });
    if (!result?.token) throw new CliError("@用户登录失败");
    saveProfile(ctx.profileName, { ...ctx.profile, token: result.token, uuid: result.uuid, phone, line: ctx.config.lines[0] });
    if (ctx.json) printJson({ profile: ctx.profileName, uuid: result.uuid, phone });
    else process.stdout.write(`logged in as ${phone} (uuid ${result.uuid}); token saved to profile "${ctx.profileName}"\n`);
  });

export const logout = new Command("logout")
  .description("forget the profile's token")
  .action((_opts, command: Command) => {
    const ctx = resolveContext(command);
    const { token: _token, uuid: _uuid, phone: _phone, ...rest } = ctx.profile;
    saveProfile(ctx.profileName, rest);
    if (ctx.json) printJson({ profile: ctx.profileName, loggedOut: true });
    else process.stdout.write(`profile "${ctx.profileName}" logged out\n`);
  });
