import { existsSync, writeFileSync } from "node:fs";
import { Command } from "commander";
import { z } from "zod";
import { parseLines } from "#gateway/config.ts";
import { resolveContext } from "../lib/context.ts";
import { loadProfile } from "../lib/profiles.ts";
import { CliError, paint, printJson, printTable } from "../lib/output.ts";
import { junitXml, tableRows } from "../smoke/report.ts";
import type { SmokeOptions } from "../smoke/types.ts";

interface Flags {
  url?: string;
  device: string;
  throttle: string;
  phone?: string;
  password?: string;
  writes?: boolean;
  spend?: string;
  junit?: string;
  har?: string;
  out: string;
  stepTimeout: string;
}

const flagsSchema = z
  .object({
    url: z.url({ protocol: /^https?$/, error: "--url must be the app's http(s) address" }),
    device: z.enum(["iPhone 13", "Pixel 7"], { error: '--device must be "iPhone 13" or "Pixel 7"' }),
    throttle: z.enum(["4g", "3g", "none"], { error: "--throttle must be 4g, 3g or none" }),
    phone: z.string().optional(),
    password: z.string().optional(),
    writes: z.boolean().optional(),
    spend: z.coerce.number({ error: "--spend must be a number of coins" }).int("--spend must be a whole number of coins").positive("--spend must be positive").optional(),
    stepTimeout: z.coerce.number({ error: "--step-timeout must be milliseconds" }).int().positive("--step-timeout must be positive"),
  });

/** The run's options from the flags, every problem listed at once; the member from --phone/--password or a given --profile. */
function smokeOptions(flags: Flags, command: Command): SmokeOptions {
  const parsed = flagsSchema.safeParse(flags);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  // Checked apart from the schema, so that they are listed with its problems rather than after they are fixed.
  if (Boolean(flags.phone) !== Boolean(flags.password)) problems.push("--phone and --password go together");
  if (flags.spend !== undefined && !flags.writes) problems.push("--spend needs --writes");
  const root = command.parent!;
  const profileName = root.getOptionValueSource("profile") === "cli" ? (root.opts() as { profile: string }).profile : undefined;
  let member: SmokeOptions["member"];
  if (parsed.success && parsed.data.phone && parsed.data.password) member = { phone: parsed.data.phone, password: parsed.data.password };
  else if (profileName) {
    const profile = loadProfile(profileName);
    if (profile.token) member = { profile: profileName, oauthId: profile.oauthId, token: profile.token };
    else problems.push(`profile ${profileName} has no token: sign it in first (gw --profile ${profileName} login …)`);
  }
  if (flags.writes && !member) problems.push("--writes needs a test account (--phone and --password, or --profile)");
  const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(chromium)) problems.push(`no Chromium at ${chromium} (set CHROMIUM_PATH)`);
  if (problems.length || !parsed.success) throw new CliError(problems.join("; "));
  const f = parsed.data;
  return {
    url: f.url,
    device: f.device,
    throttle: f.throttle,
    chromium,
    ...(member ? { member } : {}),
    writes: Boolean(f.writes),
    ...(f.spend !== undefined ? { spend: f.spend } : {}),
    lines: parseLines((root.opts() as { lines?: string }).lines),
    outDir: flags.out,
    ...(flags.har ? { har: flags.har } : {}),
    stepTimeoutMs: f.stepTimeout,
  };
}

export const smoke = new Command("smoke")
  .description("smoke-run a deployment on an emulated phone: read-only by default; exit 0 only when every step passed")
  .requiredOption("--url <url>", "the app's address")
  .option("--device <name>", 'emulated phone: "iPhone 13" or "Pixel 7"', "iPhone 13")
  .option("--throttle <network>", "network: 4g, 3g or none", "none")
  .option("--phone <phone>", "a test account to sign in (with --password; or the global --profile)")
  .option("--password <password>", "the test account's password")
  .option("--writes", "also post a comment and add and remove a favourite (test account only)")
  .option("--spend <coins>", "with --writes: one purchase of at most this many coins")
  .option("--junit <file>", "write a JUnit XML verdict")
  .option("--har <file>", "write a HAR of the run (gw decrypt reads it)")
  .option("--out <dir>", "folder for failure screenshots", "smoke-report")
  .option("--step-timeout <ms>", "how long a step waits for what it looks for", "20000")
  .action(async (flags: Flags, command: Command) => {
    const ctx = resolveContext(command);
    const opts = smokeOptions(flags, command);
    // Puppeteer only for this command: the others start without it.
    const { runSmoke } = await import("../smoke/run.ts").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ERR_MODULE_NOT_FOUND" && /puppeteer/.test(error.message)) throw new CliError("gw smoke needs puppeteer (a devDependency): npm install");
      throw error;
    });
    const live = process.stderr.isTTY && !ctx.json;
    const report = await runSmoke(opts, ctx.config, (s) => live && process.stderr.write(`${s.status === "passed" ? "✓" : s.status === "failed" ? "✗" : "-"} ${s.title}\n`));
    if (flags.junit) writeFileSync(flags.junit, junitXml(report));
    if (ctx.json) printJson(report);
    else {
      printTable(["step", "result", "time", "LCP", "detail"], tableRows(report.steps, paint));
      for (const s of report.steps.filter((x) => x.status === "failed")) {
        if (s.screenshot) process.stdout.write(`${s.title}: screenshot ${s.screenshot}\n`);
        for (const e of s.consoleErrors ?? []) process.stdout.write(`${s.title}: console ${e}\n`);
      }
      if (report.har) process.stdout.write(`HAR: ${report.har}\n`);
    }
    if (!report.passed) throw new CliError(`${report.steps.filter((s) => s.status === "failed").length} step(s) failed`);
  });
